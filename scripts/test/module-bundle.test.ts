/**
 * `npm start` runs the bundle of scripts/build-module.mjs on plain node (no tsx). Built into a
 * scratch tree shaped like the repository (apps/module/dist, apps/console/dist, node_modules), so
 * the externals resolve and the console's files are found where the source would find them.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { freePort } from '../../test-peers/free-ports.ts';
import { until } from '../../test-peers/until.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('the bundled server starts on plain node, answers the API and serves the console from apps/console/dist', async () => {
  const tree = mkdtempSync(join(tmpdir(), 'module-bundle-'));
  const bundle = join(tree, 'apps/module/dist/server.mjs');
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-module.mjs'), bundle], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  mkdirSync(join(tree, 'apps/console/dist'), { recursive: true });
  writeFileSync(join(tree, 'apps/console/dist/index.html'), '<!doctype html><title>bundle test</title>');
  const port = await freePort();
  // No --import: plain node, as `npm start` runs it.
  const child = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', MODULE_DATA_DIR: join(tree, 'data'), MODULE_ADMIN_PASSWORD: 'Admin1234', MODULE_MODBUS_PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const base = `http://127.0.0.1:${port}`;
    let mode = undefined as Response | undefined;
    // Until it answers or exits; the assertion after names its standard error.
    const answered = async () => child.exitCode !== null || (mode = await fetch(`${base}/api/systemMode`).catch(() => undefined)) !== undefined;
    await until('the bundle to answer', answered, 30_000).catch(() => undefined);
    assert.ok(mode, `no reply: ${stderr}`);
    assert.deepEqual(await mode.json(), { data: { mode: 0 } });
    const page = await fetch(`${base}/setting/network`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /bundle test/);
    const login = await fetch(`${base}/api/users/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin1234' }),
    });
    assert.equal(login.status, 200);
    // The record PDF is made in a worker thread that loads its own bundled file.
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const pdf = await fetch(`${base}/api/record/installationRecord.pdf`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(pdf.status, 200, stderr);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    // So is the OpenAPI document (api/openapi).
    const openApi = await fetch(`${base}/api/openapi.json`);
    assert.equal(openApi.status, 200, stderr);
    assert.equal(((await openApi.json()) as { openapi: string }).openapi, '3.1.0');
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill();
      await exited;
    }
    rmSync(tree, { recursive: true, force: true });
  }
});
