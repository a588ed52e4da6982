/**
 * The outbound guard decides on addresses, and the clients connect to the address it checked
 * (issue 25 item 12): a name resolved once for the check and again by the client could be answered
 * with 127.0.0.1 the second time (DNS rebinding). The guard here answers 127.0.0.1 for a name that
 * resolves nowhere (`.invalid`): a client that reaches the peer connected to the guard's address,
 * one that resolved the name itself would fail with "not found". TLS still checks the certificate
 * against the name, and HTTP still sends the name as Host.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { DEFAULT_SMTP_CONFIG, type SmtpConfig } from '@meter/contract';
import { outboundGuard, OutboundRefused, type OutboundGuard } from '../../../src/services/outbound/outbound-guard.ts';
import { httpPostReply } from '../../../src/services/posting/senders.ts';
import { sendMail } from '../../../src/services/email/smtp-client.ts';
import { startListeningHttpsPeer } from '../../../../../test-peers/https-peer.ts';
import { startSmtpPeer } from '../../peers/smtp-peer.ts';

const NAME = 'rebind.invalid';
/** A guard that resolved NAME to 127.0.0.1 (where the peers listen) and checked it. */
const pinned: OutboundGuard = async (host) => (host === NAME ? '127.0.0.1' : host);
const refused = (where: string) => `refused by ${where}`;

describe('outbound guard: the checked address is the one connected to', () => {
  const closers: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of closers) await c();
  });

  test('the guard refuses own ports by address, a name that does not resolve, and passes other ports untouched', async () => {
    const own = 40_123;
    const guard = outboundGuard(() => [own]);
    for (const host of ['127.0.0.1', 'localhost', '0.0.0.0', '::1', '[::1]']) await assert.rejects(guard(host, own), OutboundRefused, host);
    // Not resolvable now: refused at once, so that no later resolution can reach the module.
    await assert.rejects(guard('no-such-host.invalid', own), (e: NodeJS.ErrnoException) => e.code === 'ENOTFOUND');
    // Another port: nothing to check, the host is passed on as given (no lookup).
    assert.equal(await guard('no-such-host.invalid', own + 1), 'no-such-host.invalid');
    assert.equal(await guard('127.0.0.1', own + 1), '127.0.0.1');
  });

  test("HTTP posting connects to the guard's address and sends the name as Host", async () => {
    const seen: IncomingMessage[] = [];
    const server = createServer((req, res) => {
      seen.push(req);
      req.resume();
      req.on('end', () => res.end('{"ok":1}'));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    closers.push(() => new Promise((ok) => server.close(ok)));
    const port = (server.address() as AddressInfo).port;
    const reply = await httpPostReply(new URL(`http://${NAME}/up`), port, {}, Buffer.from('x'), { timeoutMs: 5000, mac: '', guard: pinned }, refused);
    assert.deepEqual(reply, { where: `${NAME}:${port}`, body: '{"ok":1}' });
    assert.equal(seen[0]!.headers.host, `${NAME}:${port}`);
    // Without the guard's address the client resolves the name itself, and finds nothing.
    await assert.rejects(httpPostReply(new URL(`http://${NAME}/up`), port, {}, Buffer.from('x'), { timeoutMs: 5000, mac: '' }, refused), /ENOTFOUND|EAI_AGAIN/);
  });

  test("HTTPS posting to the guard's address checks the certificate against the name", async () => {
    const peer = await startListeningHttpsPeer();
    closers.push(() => peer.close());
    const ca = [readFileSync(peer.tls.ca, 'utf8')];
    // The peer's certificate names 127.0.0.1 only: reached at that address under another name, refused.
    await assert.rejects(
      httpPostReply(new URL(`https://${NAME}/up`), peer.port, {}, Buffer.from('x'), { timeoutMs: 5000, mac: '', ca, guard: pinned }, refused),
      (e: NodeJS.ErrnoException) => e.code === 'ERR_TLS_CERT_ALTNAME_INVALID',
    );
    assert.equal(peer.received.length, 0);
    // The name the certificate holds passes.
    await httpPostReply(new URL('https://127.0.0.1/up'), peer.port, {}, Buffer.from('x'), { timeoutMs: 5000, mac: '', ca, guard: pinned }, refused);
    assert.equal(peer.received.length, 1);
  });

  test("SMTP connects to the guard's address", async () => {
    const peer = await startSmtpPeer({ mode: 'plain' });
    closers.push(() => peer.close());
    const cfg: SmtpConfig = {
      ...DEFAULT_SMTP_CONFIG(),
      enable: 1,
      smtpServer: NAME,
      smtpPort: peer.port,
      smtpFrom: 'meter@example.com',
      smtpSubject: 's',
      smtpToAddress1: 'ops@example.com',
    };
    await sendMail(cfg, { to: ['ops@example.com'], subject: 'pinned', text: 'hello' }, { timeoutMs: 5000, clientName: 'meter-test', guard: pinned });
    await peer.waitFor(1);
    assert.equal(peer.received[0]!.header('subject'), 'pinned');
  });
});
