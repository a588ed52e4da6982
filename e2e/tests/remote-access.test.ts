/**
 * Settings › Communication › Remote Access in Chromium (002 §2.6, §4.3, §7.3, §8.1, §9.2): the
 * settings saved with the reboot prompt and shown again after a reload; Register against an
 * HTTPS remote access server started here ("Registration success.", then "Please reboot meter
 * to ensure connection"), the status online in green with the access URL once the OpenSSH
 * tunnel to the server's sshd is up ("Tunnel: connected"), Refresh, Deregister;
 * a view-only user sees no Register and a read-only form; the page fits a phone.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { remoteAccessTexts as t } from '@meter/contract';
import { alertWith, openAs, until, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { startListeningHttpsPeer, type HttpsPeer } from '../../test-peers/https-peer.ts';
import { startSshdPeer, type SshdPeer } from '../../test-peers/sshd-peer.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PATH = '/setting/communication/remote_access';
let server: ModuleServer;
let admin: string;
let browser: Browser;
let peer: HttpsPeer;
let sshd: SshdPeer;
const sshDir = mkdtempSync(join(tmpdir(), 'e2e-sshd-'));

// The peers start inside the module's before hook: a file-level before of its own is not awaited first on Node 20.
useModuleAndBrowser((m) => ({ server, browser, admin } = m), {
  env: async () => {
    sshd = await startSshdPeer(sshDir);
    // The remote access server: registering authorizes the device's key on its sshd and offers the tunnel.
    peer = await startListeningHttpsPeer((r) => {
      if (!r.path.endsWith('/register')) return {};
      sshd.authorize(JSON.parse(r.body).publicKey);
      return { tunnel: { host: '127.0.0.1', port: sshd.port, user: sshd.user, remotePort: sshd.remotePort, hostKey: sshd.hostKey } };
    });
    return { MODULE_TRUSTED_CA: peer.tls.ca, MODULE_POST_TIMEOUT_SECONDS: '5' };
  },
});
after(async () => {
  await peer?.close();
  await sshd?.kill();
  rmSync(sshDir, { recursive: true, force: true });
});

async function open(user = 'boss', query = ''): Promise<Page> {
  const page = await openAs(browser, server, PATH + query, user);
  await page.getByRole('form', { name: t.settingsTitle }).getByLabel('Disable').waitFor();
  return page;
}

const paths = () => peer.received.map((r) => r.path);

test('Remote Access: save and reload, Register, online with the access URL, Refresh, Deregister', async () => {
  const serial = (await server.api('GET', '/settings/deviceInfo', undefined, admin)).body.data.meterSerialNumber as string;
  const page = await open('boss', '?showAdvanced=true');
  const form = page.getByRole('form', { name: t.settingsTitle });
  const status = page.getByTestId('remote-status');
  await status.filter({ hasText: 'offline' }).waitFor();
  assert.match((await status.getAttribute('class')) ?? '', /bg-danger/);

  await form.getByLabel('Enable', { exact: true }).check();
  await page.getByLabel(t.labels.pingInterval).selectOption('600');
  const url = page.getByLabel(t.labels.remoteServerUrl);
  await url.fill('ftp://127.0.0.1/remote');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(t.urlRule, { exact: true }).waitFor();
  await url.fill(`https://127.0.0.1:${peer.port}/remote`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();

  await page.reload();
  await form.getByLabel('Enable', { exact: true }).waitFor();
  assert.equal(await form.getByLabel('Enable', { exact: true }).isChecked(), true);
  assert.equal(await page.getByLabel(t.labels.pingInterval).inputValue(), '600');
  assert.equal(await url.inputValue(), `https://127.0.0.1:${peer.port}/remote`);

  await page.getByRole('button', { name: t.register, exact: true }).click();
  await alertWith(page, t.registered).waitFor();
  await page.getByText(t.rebootHint, { exact: true }).waitFor();
  assert.ok(paths().includes('/remote/register'));
  await page.getByRole('button', { name: t.deregister, exact: true }).waitFor();
  // The tunnel comes up a moment after the registration: once the module says online, Refresh shows it.
  await until('the module online through its tunnel', async () => (await server.api('GET', '/command/checkRemoteDevice', undefined, admin)).body.data.value === 'online', 30_000);
  await page.getByRole('button', { name: t.refresh, exact: true }).click();
  await status.filter({ hasText: 'online' }).waitFor();
  await page
    .getByTestId('remote-tunnel')
    .filter({ hasText: `${t.tunnel}: ${t.tunnelText.up} (` })
    .waitFor();
  assert.match((await status.getAttribute('class')) ?? '', /bg-success/);
  assert.equal(await page.getByTestId('access-url').innerText(), `https://${serial.toLowerCase()}.127.0.0.1`);
  await page.getByRole('button', { name: `${t.copy} ${t.accessUrl}` }).waitFor();
  assert.ok(paths().includes('/remote/ping'));

  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1366, height: 900 });
  assert.ok(width <= 390, `page is ${width}px wide at 390px`);

  await page.getByRole('button', { name: t.deregister, exact: true }).click();
  await alertWith(page, t.deregistered).waitFor();
  await page.getByRole('button', { name: t.register, exact: true }).waitFor();
  assert.equal(paths().at(-1), '/remote/deregister');
  await status.filter({ hasText: 'offline' }).waitFor();
  assert.equal(await page.getByTestId('remote-tunnel').innerText(), `${t.tunnel}: ${t.tunnelText.off}`);
  await keep(page);
});

test('Remote Access: a view-only user sees a read-only form without Register or Deregister; Refresh stays', async () => {
  const page = await open('viewer');
  const form = page.getByRole('form', { name: t.settingsTitle });
  assert.equal(await form.getByLabel('Enable', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByLabel(t.labels.remoteServerUrl).count(), 0, 'the server URL only with ?showAdvanced=true');
  assert.equal(await page.getByRole('button', { name: t.register, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: t.deregister, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await page.getByRole('button', { name: t.refresh, exact: true }).waitFor();
  await keep(page);
});
