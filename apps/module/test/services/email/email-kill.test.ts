/**
 * E-mail delivery across a crash (issue 9): a real-time mail that failed is on disk when the
 * module process is killed with SIGKILL; after the restart it reaches the SMTP server (smtp-server,
 * back on the same loopback port) exactly once.
 */
import { DEFAULT_SMTP_CONFIG } from '@meter/contract';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { api, kill9, login, startKillableModule, type KillableModule } from '../../killable-module.ts';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtp-peer.ts';
import { until } from '../../../../../test-peers/until.ts';

const HOST = '127.0.0.1';

// No retry before the kill: the mail that arrives is the one the restart found on disk.
const start = (dataDir: string) => startKillableModule(dataDir, { MODULE_EMAIL_TIMEOUT_SECONDS: '5', MODULE_EMAIL_RETRY_SECONDS: '600' });
/** A module process started, signed in to and sending over SMTP: the waits get more than the default. */
const WAIT_MS = 30_000;

const running: KillableModule[] = [];
const peers: SmtpPeer[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'kill-email-'));
after(async () => {
  for (const r of running) await kill9(r);
  await Promise.all(peers.map((p) => p.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 with a mail queued', () => {
  test('the mail on disk goes out after the restart, exactly once', async () => {
    const gone = await startSmtpPeer({ mode: 'plain' });
    const smtpPort = gone.port;
    await gone.close();

    let r = await start(dataDir);
    running.push(r);
    let token = await login(r);
    const cfg = {
      ...DEFAULT_SMTP_CONFIG(),
      enable: 1,
      smtpServer: HOST,
      smtpPort,
      smtpFrom: 'meter@example.com',
      smtpSubject: 'Meter 9',
      smtpToAddress1: 'ops@example.com',
      sendStartTime: '2026-03-01 03:00',
      sysEventTriggered: 1,
    };
    assert.equal((await api(r, 'PUT', '/settings/communication/smtpConfig', cfg, token)).status, 200);
    // A meter settings change is a system event ('System parameters modified'): a real-time mail.
    const general = (await api(r, 'GET', '/settings/meter', undefined, token)).body.data;
    assert.equal((await api(r, 'PUT', '/settings/meter', { ...general, deviceDescription: 'Crash Room' }, token)).status, 200);
    await until(
      'the mail to be queued after a refused connection',
      async () => {
        const s = (await api(r, 'GET', '/command/emailStatus', undefined, token)).body.data;
        return s.waiting === 1 && s.lastFailure?.reason === `Could not connect to ${HOST}:${smtpPort}`;
      },
      WAIT_MS,
    );
    await kill9(r);

    const back = await startSmtpPeer({ mode: 'plain', port: smtpPort });
    peers.push(back);
    r = await start(dataDir);
    running.push(r);
    const ours = () => back.received.filter((mail) => mail.text().includes('System event: System parameters modified'));
    await until('the queued mail', () => ours().length >= 1, WAIT_MS);
    token = await login(r);
    await until('the queue to empty', async () => (await api(r, 'GET', '/command/emailStatus', undefined, token)).body.data.waiting === 0, WAIT_MS);
    // Once: a mail leaves the queue when the server took it, so an empty queue has nothing to send again.
    assert.equal(ours().length, 1, back.received.map((m) => m.text()).join('\n---\n'));
    assert.equal(ours()[0]!.header('Subject'), 'Meter 9 (event)');
    await kill9(r);
  });
});
