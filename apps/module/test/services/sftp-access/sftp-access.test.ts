/**
 * SFTP access (002 §3.5, §5.4, §7.2) proven with OpenSSH's own sftp client: it lists and
 * downloads a data log file, is refused writes, removals and paths outside, a changed password
 * takes effect for new connections. Issue 25: no common password (the former `Acu@2026` is
 * refused, SFTP stays off until a password is set and after resetSftpPassword), the server binds
 * HOST, and the IP whitelist drops connections from unlisted addresses. The password's hash and
 * the host key are made off the event loop.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Client } from 'ssh2';
import { FORMER_SFTP_DEFAULT_PASSWORD } from '../../../src/services/sftp-access/sftp-access.ts';
import { KeyValueStore, openDatabase } from '../../../src/store/db.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { loopSlices } from '../../loop-slices.ts';
import { until } from '../../../../../test-peers/until.ts';
import { ROLE_USERS, T0, type RoleName } from '../../logs-helpers.ts';
import { eventLog } from '../../users-helpers.ts';

const PASSWORD = 'first7Pass';

/** An SSH password sign-in with the ssh2 client: 'accepted', or the error's level/message. */
function sshSignIn(port: number, password: string): Promise<string> {
  return new Promise((resolve) => {
    const c = new Client();
    c.on('ready', () => {
      c.end();
      resolve('accepted');
    });
    c.on('error', (e: Error & { level?: string }) => resolve(`${e.level ?? 'error'}: ${e.message}`));
    c.connect({ host: '127.0.0.1', port, username: 'sftp', password, readyTimeout: 5000, tryKeyboard: false });
  });
}

/** Connects from a chosen source address: the first bytes the server sends, 'closed' or 'refused'. */
function greetingFrom(host: string, port: number, localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host, port, localAddress });
    s.setTimeout(5000, () => s.destroy());
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString('latin1').split('\r\n')[0]!);
    });
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED' ? 'refused' : String(e.code)));
    s.on('close', () => resolve('closed'));
  });
}

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
    ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => T0, env: { MODULE_SFTP_PORT: '0', HOST: '127.0.0.1' } }));
    m.services.ticker.tickAt(T0); // logger 1 writes its first row
  });
  const eventMessages = () => eventLog(m).map((e) => e.message);
  /** Writes the SFTP password as a data folder from before issue 25 kept it: salt and scrypt hash at Node's default cost. */
  const storeOlderHash = async (password: string) => {
    const salt = randomBytes(16);
    const db = openDatabase(m.dataDir);
    try {
      new KeyValueStore(db).set('sftp.password', { salt: salt.toString('base64'), hash: scryptSync(password, salt, 32).toString('base64') });
    } finally {
      db.close();
    }
  };
  after(async () => {
    await m.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('off by default; enabled without a password it stays off; setting one starts the server', async () => {
    assert.equal(m.services.sftpAccess.port(), null);
    const get = await m.call('GET', '/api/settings/communication/sftpConfig', { token: tokens.admin });
    assert.deepEqual(get.body.data, { enable: false, port: 22 });
    const res = await m.call('PUT', '/api/settings/communication/sftpConfig', { token: tokens.admin, body: { enable: true, port: 2222 } });
    assert.equal(res.status, 200, res.raw);
    await until('the refusal to start is logged', () => eventMessages().includes('SFTP is enabled but no SFTP password is set: SFTP stays off until one is set'));
    assert.equal(m.services.sftpAccess.port(), null);
    // The password's hash (scrypt) and the server's first RSA host key: tens to hundreds of ms of
    // CPU, none of it on the event loop.
    const { result: set, maxCpuMs } = await loopSlices(() => m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.admin, body: { password: PASSWORD } }));
    assert.equal(set.body.data.value, 'Success');
    assert.ok(maxCpuMs <= 20, `longest slice of the loop: ${maxCpuMs.toFixed(1)} ms of CPU`);
    assert.ok(m.services.sftpAccess.port());
    assert.equal((await m.call('PUT', '/api/settings/communication/sftpConfig', { token: tokens.config, body: { enable: true, port: 2222 } })).status, 403);
    assert.equal(
      (await m.call('PUT', '/api/settings/communication/sftpConfig', { token: tokens.admin, body: { enable: true, port: 'x' } })).body.data.value,
      'SFTP Port must be an integer',
    );
  });

  test('the set password lists and downloads a data log file; writes and paths outside are refused', async () => {
    const r = await sftp(PASSWORD, [
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

  test('the former common password Acu@2026 signs in nowhere; the server binds HOST only', async () => {
    const port = m.services.sftpAccess.port()!;
    assert.equal(await sshSignIn(port, FORMER_SFTP_DEFAULT_PASSWORD), 'client-authentication: All configured authentication methods failed');
    assert.equal(await sshSignIn(port, PASSWORD), 'accepted');
    // HOST is 127.0.0.1: another loopback address of this machine finds nothing listening.
    assert.equal(m.services.sftpAccess.address(), '127.0.0.1');
    assert.equal(await greetingFrom('127.0.0.2', port, '127.0.0.2'), 'refused');
  });

  test('a sign-in is checked off the event loop: a wrong and the right password leave no turn of the loop over 20 ms of CPU', async () => {
    const port = m.services.sftpAccess.port()!;
    const { result, maxCpuMs } = await loopSlices(async () => [await sshSignIn(port, 'wrong7Pass'), await sshSignIn(port, PASSWORD)]);
    assert.deepEqual(result, ['client-authentication: All configured authentication methods failed', 'accepted']);
    assert.ok(maxCpuMs <= 20, `longest slice of the loop: ${maxCpuMs.toFixed(1)} ms of CPU`);
  });

  test('an enabled IP whitelist drops SFTP connections from addresses not on it, before the SSH banner', async () => {
    const port = m.services.sftpAccess.port()!;
    assert.match(await greetingFrom('127.0.0.1', port, '127.0.0.2'), /^SSH-2\.0-/);
    const WL = '/api/settings/communication/ipWhitelistConfig';
    const on = await m.call('PUT', WL, { token: tokens.admin, body: { whiteListEnable: true, whiteList: [{ ipv4: '127.0.0.1', ipv6: '', description: 'this host' }] } });
    assert.equal(on.status, 200, on.raw);
    try {
      assert.equal(await greetingFrom('127.0.0.1', port, '127.0.0.2'), 'closed');
      assert.match(await greetingFrom('127.0.0.1', port, '127.0.0.1'), /^SSH-2\.0-/);
    } finally {
      assert.equal((await m.call('PUT', WL, { token: tokens.admin, body: { whiteListEnable: false, whiteList: [] } })).status, 200);
    }
  });

  test('a new password takes effect for new connections; reset clears it and SFTP stays off until a new one', async () => {
    const bad = await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.admin, body: { password: 'abcdefgh' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.value, 'SFTP Password must contain at least one number');
    assert.equal((await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.config, body: { password: 'newPass12' } })).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.admin, body: { password: 'newPass12' } })).body.data.value, 'Success');
    const old = await sftp(PASSWORD, ['ls /']);
    assert.notEqual(old.code, 0);
    assert.match(old.out, /Permission denied/);
    const fresh = await sftp('newPass12', ['ls /']);
    assert.equal(fresh.code, 0, fresh.out);
    const port = m.services.sftpAccess.port()!;
    assert.equal((await m.call('PATCH', '/api/command/resetSftpPassword', { token: tokens.admin, body: {} })).body.data.value, 'Success');
    assert.equal(m.services.sftpAccess.port(), null);
    assert.equal(await greetingFrom('127.0.0.1', port, '127.0.0.1'), 'refused');
    assert.ok(eventMessages().includes('SFTP password cleared by admin: SFTP stays off until a new password is set'));
    assert.equal((await m.call('PATCH', '/api/command/setSftpPassword', { token: tokens.admin, body: { password: 'again3Pass' } })).body.data.value, 'Success');
    assert.equal(await sshSignIn(m.services.sftpAccess.port()!, FORMER_SFTP_DEFAULT_PASSWORD), 'client-authentication: All configured authentication methods failed');
    assert.equal(await sshSignIn(m.services.sftpAccess.port()!, 'again3Pass'), 'accepted');
    // A data folder from before keeps the salt and hash of scrypt at Node's default cost: still its password.
    await storeOlderHash('older5Pass');
    await m.services.sftpAccess.apply();
    assert.equal(await sshSignIn(m.services.sftpAccess.port()!, 'older5Pass'), 'accepted');
  });

  test('a stored hash of the former common password is cleared when the settings are applied: SFTP stays off', async () => {
    const cleared = 'SFTP password was the former common default: cleared, SFTP stays off until a new password is set';
    assert.ok(!eventMessages().includes(cleared));
    const port = m.services.sftpAccess.port()!;
    await storeOlderHash(FORMER_SFTP_DEFAULT_PASSWORD);
    await m.services.sftpAccess.apply();
    assert.equal(m.services.sftpAccess.port(), null);
    assert.equal(await greetingFrom('127.0.0.1', port, '127.0.0.1'), 'refused');
    assert.ok(eventMessages().includes(cleared));
  });
});
