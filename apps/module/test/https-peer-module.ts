/**
 * The start of the tests that talk to a real HTTPS server (AcuCloud, Remote Access, the post
 * channels' HTTPS path): the server on a loopback port with its own CA, a module that trusts
 * that CA, one signed-in user per role; and `until`, their way of waiting for a condition.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestModule, type TestModule } from './helper.ts';
import { signInRoles, type RoleName } from './logs-helpers.ts';
import { startHttpsPeer, type HttpsPeer } from '../../../test-peers/https-peer.ts';

export interface PeerAndModule {
  peer: HttpsPeer;
  m: TestModule;
  tokens: Record<RoleName | 'admin', string>;
  serial: string;
  close(): Promise<void>;
}

export async function startPeerAndModule(o: { name: string; answer?: HttpsPeer['answer']; env?: Record<string, string>; now?: () => number }): Promise<PeerAndModule> {
  const dir = mkdtempSync(join(tmpdir(), `${o.name}-`));
  const peer = startHttpsPeer(dir);
  if (o.answer !== undefined) peer.answer = o.answer;
  await peer.listen();
  const m = await createTestModule({ now: o.now, env: { MODULE_TRUSTED_CA: peer.tls.ca, ...o.env } });
  const tokens = await signInRoles(m);
  return {
    peer,
    m,
    tokens,
    serial: m.services.device.identity().meterSerialNumber,
    async close() {
      await m.close();
      await peer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}
