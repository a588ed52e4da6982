/**
 * The start of the tests that talk to a real HTTPS server (AcuCloud, Remote Access, the post
 * channels' HTTPS path): the server on a loopback port with its own CA, a module that trusts
 * that CA, one signed-in user per role. (Their waits use the shared `until`, test-peers/until.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startModuleWithUsers, type TestModule } from './helper.ts';
import { ROLE_USERS, type RoleName } from './logs-helpers.ts';
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
  const { m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: o.now, env: { MODULE_TRUSTED_CA: peer.tls.ca, ...o.env } });
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
