/**
 * Certificate Management (002 §3.11, §7.4) against real TLS clients: the HTTPS listener serves
 * the certificate getCertInfo describes; a generated one (new key, new serial) is served after a
 * restart; the CSR passes `openssl req -verify`; an import is refused whole when the key does not
 * match, the certificate expired or the file is not PEM, and an openssl-made pair is served next.
 */
import { certInfo, certificateTexts as t } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { listenHttps, type HttpsListener } from '../../../src/services/web-server/https-listener.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { loopSlices } from '../../loop-slices.ts';
import { USER_PASSWORD, addUser } from '../../users-helpers.ts';

const run = promisify(execFile);

/** The serial of the certificate a TLS client is shown on the port (upper-case hex), and the status. */
function servedSerial(port: number): Promise<{ serial: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/api/systemMode', rejectUnauthorized: false, agent: false }, (res) => {
      const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
      res.resume();
      res.on('end', () => resolve({ serial: cert.serialNumber.toUpperCase(), status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
  });
}

describe('certificates API', () => {
  let dir: string;
  let dataDir: string;
  let m: TestModule;
  let https: HttpsListener;
  let token: string;

  const start = async () => {
    ({ m, admin: token } = await startModuleWithUsers({ dataDir }));
    const { certificate, events, whitelist } = m.services;
    https = await listenHttps(m.app, { port: 0, host: '127.0.0.1', certificate, events, allows: (a) => whitelist.allows(a) });
  };
  const restart = async () => {
    await https.close();
    await m.close(true);
    await start();
  };
  const info = async () => certInfo.parse((await m.call('GET', '/api/command/cert/getCertInfo', { token })).body.data);
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
  const openssl = async (...args: string[]) => (await run('openssl', args, { cwd: dir })).stdout;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cert-test-'));
    dataDir = join(dir, 'data');
    await start();
  });
  after(async () => {
    await https.close();
    await m.close(true);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the HTTPS listener serves the certificate getCertInfo describes', async () => {
    const i = await info();
    const serial = m.services.device.identity().meterSerialNumber.toLowerCase();
    assert.equal(i.certificateSubject.commonName, serial);
    assert.deepEqual(i.certificateIssuer, i.certificateSubject);
    assert.equal(i.details.publicKeyType, 'RSA');
    assert.equal(i.details.publicKeySize, 2048);
    assert.equal(i.details.certificateVersion, 3);
    assert.equal(i.details.signatureAlgorithm, 'sha256WithRSAEncryption');
    assert.ok(Date.parse(i.validity.expiration) > Date.parse(i.validity.validateFrom));
    const served = await servedSerial(https.port!);
    assert.equal(served.status, 200);
    assert.equal(served.serial, i.details.serialNumber);
  });

  test('a generated certificate is served after the restart, with a new serial and key', async () => {
    const before = await info();
    const r = await m.call('PATCH', '/api/command/cert/generateCert', { token, body: { action: 'generate' } });
    assert.deepEqual(r.body, { data: { value: 'Success' } });
    assert.equal((await info()).details.serialNumber, before.details.serialNumber, 'served until the reboot');
    await restart();
    const next = await info();
    assert.notEqual(next.details.serialNumber, before.details.serialNumber);
    assert.equal((await servedSerial(https.port!)).serial, next.details.serialNumber);
  });

  test('the CSR is a PKCS#10 request for the device subject that openssl verifies, signed without holding the event loop', async () => {
    const { result: r, maxCpuMs } = await loopSlices(() => m.call('PATCH', '/api/command/cert/generateCSR', { token, body: { action: 'csr' } }));
    assert.equal(r.status, 200, r.raw);
    assert.ok(maxCpuMs <= 20, `longest slice of the loop: ${maxCpuMs.toFixed(1)} ms of CPU`);
    const file = await m.call('GET', `/api${r.body.data.value}`, { token });
    assert.equal(file.status, 200);
    assert.match(file.raw, /^-----BEGIN CERTIFICATE REQUEST-----/);
    writeFileSync(join(dir, 'device.csr'), file.raw);
    const out = await openssl('req', '-in', 'device.csr', '-noout', '-verify', '-subject');
    assert.match(out, new RegExp(`CN ?= ?${m.services.device.identity().meterSerialNumber.toLowerCase()}`, 'i'));
    // The request carries the key that is served.
    const csrKey = await openssl('req', '-in', 'device.csr', '-noout', '-pubkey');
    writeFileSync(join(dir, 'served.pem'), m.services.certificate.served().cert);
    assert.equal(csrKey, await openssl('x509', '-in', 'served.pem', '-noout', '-pubkey'));
  });

  test('Export answers a link to the PEM of the served certificate', async () => {
    const r = await m.call('PATCH', '/api/command/cert/exportCert', { token, body: { action: 'export' } });
    const file = await m.call('GET', `/api${r.body.data.value}`, { token });
    assert.equal(file.status, 200);
    assert.equal(file.raw, m.services.certificate.served().cert);
    assert.equal((await m.call('GET', '/api/command/cert/file/..%2Fkey.pem', { token })).status, 400);
  });

  test('an import is refused whole on a mismatched key, an expired certificate or no PEM; a good pair is served next', async () => {
    await openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'a.key', '-out', 'a.crt', '-days', '30', '-subj', '/CN=imported.example/O=Site/L=Here/ST=ON/C=CA');
    await openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'b.key', '-out', 'b.crt', '-days', '30', '-subj', '/CN=other');
    // Expired: made in 2020 for 30 days (openssl run under faketime).
    await run(
      'faketime',
      ['2020-01-01 00:00:00', 'openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'c.key', '-out', 'c.crt', '-days', '30', '-subj', '/CN=expired'],
      { cwd: dir },
    );
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    const pending = m.services.certificate.pendingPem();
    for (const [pem, message] of [
      [read('a.crt') + read('b.key'), t.keyMismatch],
      [read('c.crt') + read('c.key'), t.expired],
      ['hello', t.noCertificate],
      [read('a.crt'), t.noKey],
      ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' + read('a.key'), t.unparsable],
    ] as const) {
      const r = await upload(pem);
      assert.equal(r.status, 400, message);
      assert.equal(r.value, message);
      assert.equal(m.services.certificate.pendingPem(), pending, 'nothing changed');
    }
    await addUser(m, token, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await m.call('PATCH', '/api/command/cert/generateCert', { token: viewer, body: { action: 'generate' } })).status, 403);
    assert.equal((await m.call('GET', '/api/command/cert/getCertInfo', { token: viewer })).status, 200);

    const ok = await upload(read('a.crt') + read('a.key'));
    assert.equal(ok.status, 200, ok.value);
    await restart();
    const i = await info();
    assert.equal(i.certificateSubject.commonName, 'imported.example');
    assert.equal(i.certificateSubject.companyName, 'Site');
    const serial = (await openssl('x509', '-in', 'a.crt', '-noout', '-serial')).trim().replace(/^serial=/, '');
    assert.equal(i.details.serialNumber, serial.toUpperCase());
    assert.equal((await servedSerial(https.port!)).serial, i.details.serialNumber);
  });
});
