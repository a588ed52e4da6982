/**
 * SFTP access (002 §3.5, §5.4, §7.2) proven with OpenSSH's own sftp client: it lists and
 * downloads a data log file, is refused writes, removals and paths outside, a changed password
 * takes effect for new connections, and resetSftpPassword restores the default.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SFTP_DEFAULT_PASSWORD } from '../src/services/sftp-access/sftp-access.ts';
import { createTestModule, type TestModule } from './helper.ts';
import { T0, signInRoles, type RoleName } from './logs-helpers.ts';

const FILE = 'datalog1_20260301_000000.csv';

describe('SFTP access', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const work = mkdtempSync(join(tmpdir(), 'sftp-client-'));
  const askpass = join(work, 'askpass.sh');

  /** Runs OpenSSH sftp with commands on stdin; the password comes from SSH_ASKPASS. */
  function sftp(password: string, commands: string[]): Promise<{ code: number | null; out: string }> {
    const port = m.services.sftpAccess.port();
    const args = [
      '-P',
      String(port),
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'PreferredAuthentications=password',
      '-o',
      'PubkeyAuthentication=no',
      '-o',
      'NumberOfPasswordPrompts=1',
      '-o',
      'ConnectTimeout=5',
      'sftp@127.0.0.1',
    ];
    const child = spawn('sftp', args, {
      cwd: work,
      env: { ...process.env, SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0', SFTP_TEST_PASSWORD: password },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.stdin.end(commands.join('\n') + '\nbye\n');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    return new Promise((resolve) =>
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      }),
    );
  }

  before(async () => {
    writeFileSync(askpass, '#!/bin/sh\nprintf "%s\\n" "$SFTP_TEST_PASSWORD"\n');
    chmodSync(askpass, 0o700);
    m = await createTestModule({ now: () => T0, env: { MODULE_SFTP_PORT: '0' } });
    tokens = await signInRoles(m);
    m.services.ticker.tickAt(T0); // logger 1 writes its first row
  });
  after(async () => {
    await m.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('off by default; enabling it starts the server', async () => {
    assert.equal(m.services.sftpAccess.port(), null);
    const get = await m.call('GET', '/api/settings/communication/sftpConfig', { token: tokens.admin });
    assert.deepEqual(get.body.data, { enable: false, port: 22 });
    const res = await m.call('PUT', '/api/settings/communication/sftpConfig', { token: tokens.admin, body: { enable: true, port: 2222 } });
    assert.equal(res.status, 200, res.raw);
    for (let i = 0; i < 100 && m.services.sftpAccess.port() === null; i++) await sleep(20);
    assert.ok(m.services.sftpAccess.port());
    assert.equal((await m.call('PUT', '/api/settings/communication/sftpConfig', { token: tokens.config, body: { enable: true, port: 2222 } })).status, 403);
    assert.equal(
      (await m.call('PUT', '/api/settings/communication/sftpConfig', { token: tokens.admin, body: { enable: true, port: 'x' } })).body.data.value,
      'SFTP Port must be an integer',
    );
  });

  test('the default password lists and downloads a data log file; writes and paths outside are refused', async () => {
    const r = await sftp(SFTP_DEFAULT_PASSWORD, [
      'ls /',
      'ls /backup1',
      `get /backup1/${FILE}`,
      'put askpass.sh /backup1/x.csv',
      `rm /backup1/${FILE}`,
      'mkdir /new',
      'get /../../etc/passwd',
      'get /backup1/../../module.sqlite',
    ]);
    assert.match(r.out, /backup1/);
    assert.match(r.out, new RegExp(FILE));
    const local = readFileSync(join(work, FILE), 'utf8');
    assert.equal(local, readFileSync(join(m.dataDir, 'datalog', 'backup1', FILE), 'utf8'));
    assert.match(r.out, /x\.csv.*(Permission denied|Failure)|Permission denied/s);
    assert.ok(readFileSync(join(m.dataDir, 'datalog', 'backup1', FILE)).length > 0, 'the file is still there');
    assert.match(r.out, /not found|No such file/i);
    assert.ok(!r.out.includes('root:'));
  });

  test('a new password takes effect for new connections; reset restores the default', async () => {
    const bad = await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.admin, body: { password: 'abcdefgh' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.value, 'SFTP Password must contain at least one number');
    assert.equal((await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.config, body: { password: 'newPass12' } })).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.admin, body: { password: 'newPass12' } })).body.data.value, 'Success');
    const old = await sftp(SFTP_DEFAULT_PASSWORD, ['ls /']);
    assert.notEqual(old.code, 0);
    assert.match(old.out, /Permission denied/);
    const fresh = await sftp('newPass12', ['ls /']);
    assert.equal(fresh.code, 0, fresh.out);
    assert.equal((await m.call('PATCH', '/api/command/resetSftpPassword', { token: tokens.admin, body: {} })).body.data.value, 'Success');
    assert.equal((await sftp(SFTP_DEFAULT_PASSWORD, ['ls /'])).code, 0);
  });
});
