/**
 * E-mail delivery (issue 9): reports and real-time mails wait in a queue on disk when the SMTP
 * server is away or answers 4xx, are retried with a backoff and arrive exactly once when it comes
 * back; a 5xx refusal drops the mail with its reason; the health (emailStatus) says what happened.
 * The server is a real one (smtp-server) on a loopback port, stopped and started on the same port.
 */
import { DEFAULT_SMTP_CONFIG, type SmtpConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { MailQueue, type QueuedMail } from '../../../src/services/email/mail-queue.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { MINUTE, ROLE_USERS, T0, type RoleName } from '../../logs-helpers.ts';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtp-peer.ts';
import { until } from '../../../../../test-peers/until.ts';

const PATH = '/api/settings/communication/smtpConfig';
const RETRY_SECONDS = 0.3;

describe('e-mail delivery: queue, retry, health', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const peers: SmtpPeer[] = [];
  const clock = { t: T0 };
  const status = async (token = tokens.admin) => m.call('GET', '/api/command/emailStatus', { token });
  const health = async () => (await status()).body.data as { waiting: number; lastSuccess: { time: number; mail: string } | null; lastFailure: { time: number; reason: string } | null };
  const save = async (over: Partial<SmtpConfig>) => {
    const body: SmtpConfig = {
      ...DEFAULT_SMTP_CONFIG(),
      enable: 1,
      smtpServer: '127.0.0.1',
      smtpFrom: 'meter@example.com',
      smtpSubject: 'Meter 7',
      smtpToAddress1: 'ops@example.com',
      sendStartTime: '2026-03-01 03:00',
      ...over,
    };
    const res = await m.call('PUT', PATH, { token: tokens.admin, body });
    assert.equal(res.status, 200, res.raw);
  };
  const peer = async (...args: Parameters<typeof startSmtpPeer>) => {
    const p = await startSmtpPeer(...args);
    peers.push(p);
    return p;
  };
  const events = () => m.services.events.all().map((e) => e.message);
  const outbox = () => join(m.dataDir, 'email', 'outbox');

  const systemEvent = async () => {
    m.services.meterEvents.write('cmdSyncDemand', clock.t);
    await m.services.email.flushRealTime();
  };

  before(
    async () =>
      ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => clock.t, env: { MODULE_EMAIL_TIMEOUT_SECONDS: '5', MODULE_EMAIL_RETRY_SECONDS: String(RETRY_SECONDS) } })),
  );
  after(async () => {
    await Promise.all(peers.map((p) => p.close()));
    await m.close();
  });

  test('emailStatus: the configuration view reads it, a role without it may not', async () => {
    assert.deepEqual((await status()).body.data, { waiting: 0, lastSuccess: null, lastFailure: null });
    assert.equal((await status(tokens.config)).status, 200);
    assert.equal((await status(tokens.nothing)).status, 403);
  });

  test('the server away: the report is queued on disk, then arrives exactly once on the same port', async () => {
    const gone = await startSmtpPeer({ mode: 'plain' });
    const port = gone.port;
    await gone.close();
    await save({ smtpPort: port, sendStartTime: '2026-03-01 03:05', smtpSendingInterval: 15, energySending: 1 });
    clock.t = T0 + 5 * MINUTE;
    await m.services.email.tick(clock.t);
    let h = await health();
    assert.equal(h.waiting, 1);
    assert.equal(h.lastFailure?.reason, `Could not connect to 127.0.0.1:${port}`);
    assert.equal(h.lastSuccess, null);
    assert.ok(events().includes(`Email report: Could not connect to 127.0.0.1:${port}; queued, will retry`), events().slice(-3).join('\n'));
    assert.equal(readdirSync(outbox()).length, 1, 'the mail is a file on disk');
    // Some retries fail while the server is away (each counted in the mail's file); none of them queues the mail again.
    const attempts = () =>
      readdirSync(outbox())
        .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
        .map((name) => (JSON.parse(readFileSync(join(outbox(), name), 'utf8')) as QueuedMail).attempts);
    await until('two retries to fail', () => (attempts()[0] ?? 0) >= 3);
    assert.equal((await health()).waiting, 1);
    assert.equal(attempts().length, 1);
    const back = await peer({ mode: 'plain', port });
    await back.waitFor(1);
    await until('the queue to empty', async () => (await health()).waiting === 0);
    h = await health();
    assert.equal(h.lastSuccess?.mail, 'report');
    assert.equal(back.received[0]!.header('Subject'), 'Meter 7 (report)');
    assert.match(back.received[0]!.text(), /report at 2026-03-01T03:05:00-05:00\n/);
    assert.ok(events().includes(`Email report: accepted by 127.0.0.1:${port}`));
    // Once: a mail leaves the queue when the server took it, so an empty queue has nothing to send again.
    assert.equal(back.received.length, 1);
    assert.deepEqual(readdirSync(outbox()), []);
  });

  test('a 4xx answer is temporary: the mail is retried until the server takes it, once', async () => {
    const p = await peer({ mode: 'plain', refuse: (n) => (n < 2 ? { code: 451, message: 'Try again later' } : undefined) });
    await save({ smtpPort: p.port, sysEventTriggered: 1 });
    await systemEvent();
    let h = await health();
    assert.equal(h.waiting, 1);
    assert.match(h.lastFailure!.reason, new RegExp(`^Connected to 127\\.0\\.0\\.1:${p.port}: the server refused the mail: 451 Try again later`));
    await p.waitFor(1);
    await until('the queue to empty', async () => (await health()).waiting === 0);
    assert.equal(p.refused, 2);
    h = await health();
    assert.equal(h.lastSuccess?.mail, 'system event');
    assert.match(p.received[0]!.text(), /System event: Demand synchronised by command$/);
    // Once: the queue is empty, nothing is left to send it again.
    assert.equal(p.received.length, 1);
  });

  test('a 5xx answer is permanent: the mail is dropped with the reason, never retried', async () => {
    const p = await peer({ mode: 'plain', refuse: () => ({ code: 554, message: 'Message rejected' }) });
    await save({ smtpPort: p.port, sysEventTriggered: 1 });
    await systemEvent();
    const h = await health();
    assert.equal(h.waiting, 0);
    const reason = `Connected to 127.0.0.1:${p.port}: the server refused the mail: 554 Message rejected`;
    assert.equal(h.lastFailure?.reason, reason);
    assert.ok(events().includes(`Email system event: ${reason}; refused for good, the mail is dropped`), events().slice(-3).join('\n'));
    // Never retried: the mail left the queue (waiting 0 above), so nothing is left to try again.
    assert.equal(p.refused, 1);
    assert.equal(p.received.length, 0);
    // The next mail goes out: a dropped one does not hold the queue.
    const ok = await peer({ mode: 'plain' });
    await save({ smtpPort: ok.port, sysEventTriggered: 1 });
    await systemEvent();
    assert.equal(ok.received.length, 1);
  });

  test('with SMTP off the mails wait; switching it on sends them', async () => {
    const gone = await startSmtpPeer({ mode: 'plain' });
    const port = gone.port;
    await gone.close();
    await save({ smtpPort: port, sysEventTriggered: 1 });
    await systemEvent();
    assert.equal((await health()).waiting, 1);
    await save({ smtpPort: port, enable: 0 });
    const back = await peer({ mode: 'plain', port });
    // Nothing sent while SMTP is off: a negative with no event to wait for (a retry with SMTP off
    // changes nothing one can see), so a few retry periods pass first.
    await sleep(RETRY_SECONDS * 3000);
    assert.equal(back.received.length, 0, 'nothing is sent while SMTP is off');
    assert.equal((await health()).waiting, 1);
    // The save itself ends the backoff: the mail goes at once.
    await save({ smtpPort: port, sysEventTriggered: 1 });
    await back.waitFor(1, 5000);
    await until('the queue to empty', async () => (await health()).waiting === 0);
  });

  test('a successful test mail names itself as the last success', async () => {
    const p = await peer({ mode: 'plain' });
    await save({ smtpPort: p.port });
    assert.equal((await m.call('PATCH', '/api/command/testEmail', { token: tokens.admin, body: { channel: 1 } })).status, 200);
    assert.equal((await health()).lastSuccess?.mail, 'test to ops@example.com');
  });
});

describe('the mail queue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mail-queue-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is bounded: past the maximum the oldest mails are dropped and answered', () => {
    const q = new MailQueue(dir, 3);
    const mail = (n: number) => ({ what: `mail ${n}`, mail: { to: ['a@example.com'], subject: String(n), text: '' }, queuedMs: n, attempts: 0 });
    for (let n = 1; n <= 3; n++) assert.deepEqual(q.add(mail(n)), []);
    assert.deepEqual(
      q.add(mail(4)).map((e) => e.what),
      ['mail 1'],
    );
    assert.deepEqual(
      q.list().map((f) => q.read(f)!.what),
      ['mail 2', 'mail 3', 'mail 4'],
    );
    // A new queue on the same folder (after a restart) finds them, in order.
    assert.deepEqual(
      new MailQueue(dir, 3).list().map((f) => q.read(f)!.what),
      ['mail 2', 'mail 3', 'mail 4'],
    );
  });
});
