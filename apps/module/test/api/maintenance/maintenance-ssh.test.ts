/**
 * Settings › Management › SSH (002 §2.11, §3.14): enabling starts Debian's OpenSSH server, proven
 * with the OpenSSH sftp and ssh clients signing in with a key made here; disabling stops it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { eventLog } from '../../users-helpers.ts';
import { freePort } from '../../../../../test-peers/free-ports.ts';
import { until } from '../../../../../test-peers/until.ts';

const run = promisify(execFile);

const open = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

describe('management: SSH', () => {
  let m: TestModule;
  let admin: string;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'ssh-client-'));
  const key = join(dir, 'id_ed25519');
  const clientOptions = () => ['-i', key, '-o', 'StrictHostKeyChecking=no', '-o', `UserKnownHostsFile=${join(dir, 'known_hosts')}`, '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=5'];

  before(async () => {
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    writeFileSync(join(dir, 'authorized_keys'), readFileSync(`${key}.pub`));
    port = await freePort();
    ({ m, admin } = await startModuleWithUsers({ env: { HOST: '127.0.0.1', MODULE_SSH_PORT: String(port), MODULE_SSH_AUTHORIZED_KEYS: join(dir, 'authorized_keys') } }));
  });
  after(async () => {
    await m.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('off on a new module: nothing listens on the SSH port', async () => {
    assert.deepEqual((await m.call('GET', '/api/settings/sshConfig', { token: admin })).body.data, { enable: 0 });
    assert.equal(await open(port), false);
  });

  test('enable: sshd answers; the sftp and ssh clients sign in with the authorized key; a bad value is 400', async () => {
    const bad = await m.call('PUT', '/api/settings/sshConfig', { token: admin, body: { enable: 2 } });
    assert.equal(bad.status, 400);
    const r = await m.call('PUT', '/api/settings/sshConfig', { token: admin, body: { enable: 1 } });
    assert.equal(r.status, 200, r.raw);
    await until('sshd to listen', () => open(port));
    const marker = join(dir, 'marker.txt');
    writeFileSync(marker, 'hello');
    const batch = join(dir, 'batch');
    writeFileSync(batch, `ls ${dir}\nget ${marker} ${join(dir, 'copy.txt')}\n`);
    const sftp = await run('sftp', [...clientOptions(), '-P', String(port), '-b', batch, `${userInfo().username}@127.0.0.1`]);
    assert.match(sftp.stdout, /marker\.txt/);
    assert.equal(readFileSync(join(dir, 'copy.txt'), 'utf8'), 'hello');
    const ssh = await run('ssh', [...clientOptions(), '-p', String(port), `${userInfo().username}@127.0.0.1`, 'echo', 'signed-in']);
    assert.equal(ssh.stdout.trim(), 'signed-in');
    assert.ok(eventLog(m).some((e) => e.message === `SSH server started on port ${port}`));
  });

  test('a key that is not authorized is refused', async () => {
    const other = join(dir, 'other');
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', other]);
    await assert.rejects(run('ssh', [...clientOptions().map((o) => (o === key ? other : o)), '-p', String(port), `${userInfo().username}@127.0.0.1`, 'true']));
  });

  test('the setting survives a restart: the new module starts sshd again; disabling stops it', async () => {
    await m.close(true);
    ({ m, admin } = await startModuleWithUsers({
      dataDir: m.dataDir,
      env: { HOST: '127.0.0.1', MODULE_SSH_PORT: String(port), MODULE_SSH_AUTHORIZED_KEYS: join(dir, 'authorized_keys') },
    }));
    await until('sshd to listen after the restart', () => open(port));
    const r = await m.call('PUT', '/api/settings/sshConfig', { token: admin, body: { enable: 0 } });
    assert.equal(r.status, 200);
    await until('sshd to stop', async () => !(await open(port)));
  });
});
