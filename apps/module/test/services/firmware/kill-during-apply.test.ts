/**
 * A kill -9 of the module process in the middle of a firmware apply or a configuration backup
 * apply (issue 11): after a restart the module is on the old state or the new one, never broken —
 * the firmware version is one of the two, the settings of the backup are all old or all new, and
 * the module answers sign-in. The kill lands at several moments of each apply.
 */
import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildPackage } from '../../../src/services/firmware/package-format.ts';
import { api, kill9, login, startKillableModule, type KillableModule } from '../../killable-module.ts';
import { until } from '../../../../../test-peers/until.ts';

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const devKey = createPrivateKey(readFileSync(join(ROOT, 'apps/module/dev-keys/firmware-dev-key.pem')));

/** 002 §7.4: the package as the console sends it, multipart with one field `file`. */
async function uploadPackage(r: KillableModule, token: string, pkg: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pkg)]), 'module.a2up');
  return fetch(`http://127.0.0.1:${r.port}/api/upload/local/moduleFirmware`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

const start = (dataDir: string) => startKillableModule(dataDir, { MODULE_FIRMWARE_DEV_KEY: '1' });

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('kill -9 in the middle of an apply', () => {
  test('firmware apply: after the restart the version is the old or the new one and sign-in works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-fw-'));
    dirs.push(dataDir);
    const pkg = buildPackage({ product: 'AXM-WEB2', version: '3.9.0' }, [{ name: 'rootfs.img', data: Buffer.alloc(4 * 1024 * 1024, 7) }], devKey);
    const seen = new Set<string>();
    // Kill before processing starts, while it runs, and after the version was marked (before the reboot).
    for (const delayMs of [5, 'marked'] as const) {
      let r = await start(dataDir);
      let token = await login(r);
      const before = (await api(r, 'GET', '/settings/deviceInfo', undefined, token)).body.data.moduleFirmwareVersion as string;
      assert.equal((await uploadPackage(r, token, pkg)).status, 200);
      const started = api(r, 'PATCH', '/fwUpdate/update', {}, token).catch(() => undefined);
      if (delayMs === 'marked') {
        // Past the mark: the log says success, the reboot (5 s later) has not come yet.
        const marked = async () => String((await api(r, 'GET', '/fwUpdate/info', undefined, token)).body?.data?.output).includes('firmware update success');
        await until('the success line in the update log', marked, 20_000, 20);
      } else await sleep(delayMs);
      await kill9(r);
      await started;
      r = await start(dataDir);
      token = await login(r);
      const info = (await api(r, 'GET', '/settings/deviceInfo', undefined, token)).body.data;
      assert.ok([before, '3.9.0'].includes(info.moduleFirmwareVersion), `version ${info.moduleFirmwareVersion} after a kill at ${delayMs} ms`);
      seen.add(info.moduleFirmwareVersion);
      assert.equal((await api(r, 'GET', '/fwUpdate/info', undefined, token)).status, 200);
      // Nothing half-applied is left to apply again: a second restart keeps the version.
      await kill9(r);
      r = await start(dataDir);
      token = await login(r);
      assert.equal((await api(r, 'GET', '/settings/deviceInfo', undefined, token)).body.data.moduleFirmwareVersion, info.moduleFirmwareVersion);
      await kill9(r);
    }
    // The last round was killed past the mark: the next start made the new version the running one.
    assert.ok(seen.has('3.9.0'), `only ${[...seen].join(', ')} seen`);
  });

  test('config backup apply: after the restart every setting of the backup is old or every one is new', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-cfg-'));
    dirs.push(dataDir);
    let r = await start(dataDir);
    let token = await login(r);
    const state = async () => {
      const auto = (await api(r, 'GET', '/settings/autoUpdateConfig', undefined, token)).body.data;
      const syslog = (await api(r, 'GET', '/settings/syslogConfig', undefined, token)).body.data;
      return `${auto.checkStat}/${auto.checkTime}/${syslog['Web Server'].logLevel}`;
    };
    const put = async (path: string, body: unknown) => assert.equal((await api(r, 'PUT', path, body, token)).status, 200, path);
    const syslogAll = async (level: number) => {
      const cur = (await api(r, 'GET', '/settings/syslogConfig', undefined, token)).body.data as Record<string, { logLevel: number }>;
      await put('/settings/syslogConfig', Object.fromEntries(Object.keys(cur).map((k) => [k, { logLevel: level }])));
    };
    // The backup: auto update 2 at 5 am, debug off. The live state then: 1 at 10 am, debug on.
    await put('/settings/autoUpdateConfig', { checkStat: 2, checkTime: 5 });
    await syslogAll(6);
    assert.equal((await api(r, 'POST', '/config/backup', { description: 'before' }, token)).status, 200);
    const uuid = (await api(r, 'GET', '/config/localInfo', undefined, token)).body.data[0].uuid as string;
    const NEW = '2/5/6';
    const OLD = '1/10/7';
    const setOld = async () => {
      await put('/settings/autoUpdateConfig', { checkStat: 1, checkTime: 10 });
      await syslogAll(7);
      assert.equal(await state(), OLD);
    };
    // Control: an apply that is not interrupted changes both sections.
    await setOld();
    assert.equal((await api(r, 'PATCH', '/config/apply', { uuid, includeUser: true }, token)).status, 200);
    assert.equal(await state(), NEW);
    const seen = new Set<string>();
    for (const delayMs of [0, 5]) {
      await setOld();
      const applying = api(r, 'PATCH', '/config/apply', { uuid, includeUser: true }, token).catch(() => undefined);
      await sleep(delayMs);
      await kill9(r);
      await applying;
      r = await start(dataDir);
      token = await login(r);
      const now = await state();
      assert.ok(now === OLD || now === NEW, `a mix after a kill at ${delayMs} ms: ${now}`);
      seen.add(now);
      assert.equal((await api(r, 'GET', '/config/localInfo', undefined, token)).body.data.length, 1);
    }
    await kill9(r);
    assert.ok(seen.size >= 1);
  });
});
