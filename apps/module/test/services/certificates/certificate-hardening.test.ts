/**
 * The module cannot be bricked through its certificate (issue 25 item 6): a data folder whose stored
 * pair cannot be loaded starts anyway, logs an Error and serves a fresh self-signed certificate;
 * uploads of a weak key (RSA-512), a SHA-1 signature, a mismatched key or an expired certificate
 * are refused and change nothing; TLS 1.2 offers forward-secret AEAD suites only, TLS 1.3 stays on.
 */
import { certificateTexts as t } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { listenHttps, type HttpsListener } from '../../../src/services/web-server/https-listener.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

const run = promisify(execFile);

/** One `openssl s_client` handshake with the given arguments (an argument list, no shell): did it succeed? */
function handshake(port: number, args: string[]): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('openssl', ['s_client', '-connect', `127.0.0.1:${port}`, '-servername', 'localhost', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end();
    child.on('close', (code) => resolve({ ok: code === 0 && /Cipher is (?!\(NONE\))/.test(out), out }));
  });
}

describe('certificate hardening', () => {
  let dir: string;
  let dataDir: string;
  let m: TestModule;
  let https: HttpsListener;
  let token: string;
  const openssl = async (...args: string[]) => (await run('openssl', args, { cwd: dir })).stdout;
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  const upload = async (pem: string) => {
    const boundary = 'x-boundary-42';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="device.pem"\r\nContent-Type: application/x-pem-file\r\n\r\n${pem}\r\n--${boundary}--\r\n`;
    const res = await m.app.inject({
      method: 'POST',
      url: '/api/upload/local/httpsCert',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return { status: res.statusCode, value: (res.json() as { data: { value: string } }).data.value };
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cert-harden-'));
    dataDir = join(dir, 'data');
    // The state an older module left after accepting RSA-512: every start of it exited.
    await openssl('req', '-x509', '-newkey', 'rsa:512', '-nodes', '-keyout', 'weak.key', '-out', 'weak.crt', '-days', '30', '-subj', '/CN=weak');
    mkdirSync(join(dataDir, 'tls'), { recursive: true });
    writeFileSync(join(dataDir, 'tls', 'cert.pem'), read('weak.crt'));
    writeFileSync(join(dataDir, 'tls', 'key.pem'), read('weak.key'), { mode: 0o600 });
    ({ m, admin: token } = await startModuleWithUsers({ dataDir }));
    const { certificate, events } = m.services;
    https = await listenHttps(m.app, { port: 0, host: '127.0.0.1', certificate, events, allows: () => true });
  });
  after(async () => {
    await https?.close();
    await m?.close(true);
    rmSync(dir, { recursive: true, force: true });
  });

  test('a stored pair that cannot be served: the module starts, logs an Error and serves a fresh self-signed certificate', async () => {
    const errors = m.services.events.all().filter((e) => e.level === 'Error');
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.ok(errors[0]!.message.startsWith(t.replacedAtStart), errors[0]!.message);
    const served = new X509Certificate(m.services.certificate.served().cert);
    assert.equal(served.publicKey.asymmetricKeyDetails?.modulusLength, 2048);
    assert.equal(served.subject, served.issuer, 'self-signed');
    assert.notEqual(served.serialNumber, new X509Certificate(read('weak.crt')).serialNumber);
    // And the listener really serves it over TLS.
    const r = await handshake(https.port!, ['-tls1_3']);
    assert.ok(r.ok, r.out);
    // Unreadable files too: the next start replaces them again.
    writeFileSync(join(dataDir, 'tls', 'cert.pem'), 'not a certificate');
    await https.close();
    await m.close(true);
    ({ m, admin: token } = await startModuleWithUsers({ dataDir }));
    https = await listenHttps(m.app, { port: 0, host: '127.0.0.1', certificate: m.services.certificate, events: m.services.events, allows: () => true });
    assert.equal(m.services.events.all().filter((e) => e.level === 'Error').length, 2);
    assert.doesNotThrow(() => new X509Certificate(readFileSync(join(dataDir, 'tls', 'cert.pem'))));
  });

  test('uploads of RSA-512, a SHA-1 signature, a mismatched key or an expired certificate are refused and change nothing', async () => {
    const subj = ['-subj', '/CN=site.example'];
    await openssl('req', '-x509', '-newkey', 'rsa:2048', '-sha1', '-nodes', '-keyout', 'sha1.key', '-out', 'sha1.crt', '-days', '30', ...subj);
    await openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'good.key', '-out', 'good.crt', '-days', '30', ...subj);
    await openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ec.key', '-out', 'ec.crt', '-days', '30', ...subj);
    await openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-224', '-nodes', '-keyout', 'ec224.key', '-out', 'ec224.crt', '-days', '30', ...subj);
    await run('faketime', ['2020-01-01 00:00:00', 'openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'old.key', '-out', 'old.crt', '-days', '30', ...subj], {
      cwd: dir,
    });
    const pending = m.services.certificate.pendingPem();
    for (const [pem, message] of [
      [read('weak.crt') + read('weak.key'), t.weakKey],
      [read('ec224.crt') + read('ec224.key'), t.weakKey],
      [read('sha1.crt') + read('sha1.key'), t.weakSignature],
      [read('good.crt') + read('ec.key'), t.keyMismatch],
      [read('old.crt') + read('old.key'), t.expired],
    ] as const) {
      const r = await upload(pem);
      assert.deepEqual(r, { status: 400, value: message });
      assert.equal(m.services.certificate.pendingPem(), pending, 'nothing changed');
    }
    // EC P-256 with SHA-256 is accepted.
    assert.equal((await upload(read('ec.crt') + read('ec.key'))).status, 200);
    assert.equal(new X509Certificate(m.services.certificate.pendingPem()).serialNumber, new X509Certificate(read('ec.crt')).serialNumber);
  });

  test('TLS 1.2 offers only ECDHE with AES-GCM or ChaCha20-Poly1305; TLS 1.3 stays on', async () => {
    const port = https.port!;
    for (const cipher of ['AES128-SHA', 'AES256-SHA256', 'AES128-GCM-SHA256', 'DHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-SHA', 'ECDHE-RSA-AES256-SHA384']) {
      const r = await handshake(port, ['-tls1_2', '-cipher', `${cipher}:@SECLEVEL=0`]);
      assert.equal(r.ok, false, `${cipher} must be refused:\n${r.out}`);
    }
    for (const cipher of ['ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-RSA-CHACHA20-POLY1305']) {
      const r = await handshake(port, ['-tls1_2', '-cipher', cipher]);
      assert.ok(r.ok, `${cipher} must be offered:\n${r.out}`);
    }
    const r13 = await handshake(port, ['-tls1_3']);
    assert.ok(r13.ok && /TLSv1\.3/.test(r13.out), r13.out);
  });
});
