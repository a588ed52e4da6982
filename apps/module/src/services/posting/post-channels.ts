/**
 * The post channels 1-3 (002 §3.6, §4.2): each sends its queue, oldest file first, with the
 * saved settings; a failure waits a growing backoff (from MODULE_POST_RETRY_SECONDS, doubling up
 * to 5 minutes) and is written to the module event log; health (last success, last failure with
 * its reason) is kept in the kv store. testPoster sends a small real file and answers in words;
 * clearFolder empties the queue.
 */
import { POST_CHANNEL_IDS, dataPostSection, postingTexts as t, type DataPostConfig, type PostChannelConfig, type PostChannelStatus } from '@meter/contract';
import { join } from 'node:path';
import type { KeyValueStore } from '../../store/db.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { logsUsing } from './data-post-backend.ts';
import { KV_SECTION_PREFIX, sectionDefaults } from '../sections/section-backend.ts';
import { reasonOf, targetOf } from './post-error.ts';
import { PostQueue, type QueuedFile } from './post-queue.ts';
import { sendFtp, sendHttp, sendSftp, targetFrom, type OutgoingFile, type SendOptions } from './senders.ts';
import type { OutboundGuard } from '../outbound/outbound-guard.ts';

const MAX_BACKOFF_MS = 5 * 60_000;
/** How often an idle channel looks at its queue (a closed file also wakes it at once). */
const IDLE_MS = 5_000;
const HEALTH_KEY = 'posting.health';

interface Health {
  lastSuccess: PostChannelStatus['lastSuccess'];
  lastFailure: PostChannelStatus['lastFailure'];
}

export interface PostChannelsDeps {
  dataDir: string;
  kv: KeyValueStore;
  events: ModuleEventLog;
  now: () => number;
  mac: () => string;
  /** Keeps the channels off the module's own listeners. */
  guard?: OutboundGuard;
  serial: () => string;
  timeoutMs: number;
  retryMs: number;
  /** HTTPS roots (system plus MODULE_TRUSTED_CA); undefined: the system's. */
  ca?: string[];
  /** The Data Post subsystem of the system log: each file sent or refused, never a password. */
  syslog?: SubsystemLog;
}

const contentTypeOf = (name: string) => (name.endsWith('.json') ? 'application/x-ndjson' : 'text/csv');

export class PostChannels {
  readonly queues: ReadonlyMap<number, PostQueue>;
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly failures = new Map<number, number>();
  private stopped = true;

  constructor(private readonly d: PostChannelsDeps) {
    this.queues = new Map(POST_CHANNEL_IDS.map((n) => [n, new PostQueue(join(d.dataDir, 'posting', `channel${n}`))]));
  }

  /** The saved settings (the generic section store's document). */
  settings(): DataPostConfig {
    return this.d.kv.getOrInit<DataPostConfig>(KV_SECTION_PREFIX + dataPostSection.key, () => sectionDefaults(dataPostSection));
  }

  channel(n: number): PostChannelConfig {
    return this.settings()[`dataPost${n}` as keyof DataPostConfig];
  }

  queue(n: number): PostQueue {
    const q = this.queues.get(n);
    if (!q) throw new RangeError(`no post channel ${n}`);
    return q;
  }

  start(): void {
    this.stopped = false;
    for (const n of this.queues.keys()) this.schedule(n, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running.values()]);
  }

  /** A file was queued: send now unless the channel is waiting out a failure. */
  wake(n: number): void {
    if (!this.failures.get(n)) this.schedule(n, 0);
  }

  private schedule(n: number, delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(n));
    this.timers.set(
      n,
      setTimeout(() => {
        this.timers.delete(n);
        if (this.running.has(n)) return;
        const run = this.drain(n).finally(() => this.running.delete(n));
        this.running.set(n, run);
      }, delayMs),
    );
  }

  /** Sends the queue in order until it is empty or a send fails. */
  private async drain(n: number): Promise<void> {
    const cfg = this.channel(n);
    if (!cfg.enable) return this.schedule(n, IDLE_MS);
    for (;;) {
      if (this.stopped) return;
      const file = this.queue(n).list()[0];
      if (!file) return this.schedule(n, IDLE_MS);
      try {
        await this.sendLogged(n, this.channel(n), this.outgoing(n, file));
        this.queue(n).remove(file);
        this.failures.delete(n);
        this.setHealth(n, { lastSuccess: { time: Math.floor(this.d.now() / 1000), file: file.name } });
      } catch (err) {
        const reason = this.reason(this.channel(n), err);
        const count = (this.failures.get(n) ?? 0) + 1;
        this.failures.set(n, count);
        this.setHealth(n, { lastFailure: { time: Math.floor(this.d.now() / 1000), reason } });
        this.d.events.write('Error', t.channelEvent(n, reason));
        return this.schedule(n, Math.min(this.d.retryMs * 2 ** (count - 1), MAX_BACKOFF_MS));
      }
    }
  }

  private outgoing(n: number, file: QueuedFile): OutgoingFile {
    return { name: file.name, content: this.queue(n).read(file), contentType: contentTypeOf(file.name) };
  }

  private send(cfg: PostChannelConfig, file: OutgoingFile): Promise<string> {
    const opts: SendOptions = { timeoutMs: this.d.timeoutMs, mac: this.d.mac(), ca: this.d.ca, guard: this.d.guard };
    if (cfg.postMethod === 'FTP') return sendFtp(cfg, file, opts);
    if (cfg.postMethod === 'SFTP') return sendSftp(cfg, file, opts);
    return sendHttp(cfg, file, opts);
  }

  private async sendLogged(n: number, cfg: PostChannelConfig, file: OutgoingFile): Promise<string> {
    const log = this.d.syslog ?? NO_SYSLOG;
    if (log.debugOn()) log('debug', `Post Channel ${n}: sending ${file.name} (${file.content.length} bytes) by ${cfg.postMethod}`);
    try {
      const where = await this.send(cfg, file);
      log('info', `Post Channel ${n}: ${file.name} sent to ${where} by ${cfg.postMethod}`);
      return where;
    } catch (err) {
      log('warning', `Post Channel ${n}: ${file.name} not sent: ${this.reason(cfg, err)}`);
      throw err;
    }
  }

  private reason(cfg: PostChannelConfig, err: unknown): string {
    const i = cfg.postChannelInfo;
    const [address, port, def] = cfg.postMethod === 'FTP' ? [i.FTPAddress, i.FTPPort, 21] : cfg.postMethod === 'SFTP' ? [i.SFTPAddress, i.SFTPPort, 22] : [i.HTTPAddress, i.HTTPPort, 80];
    let host = address;
    let target = address;
    try {
      const tg = targetFrom(address, port, def);
      host = tg.host;
      target = targetOf(tg.host, tg.port);
    } catch {
      // An address that is no URL is named as it is.
    }
    return reasonOf(err, target, host, this.d.timeoutMs / 1000);
  }

  /** testPoster: a small real file with the saved settings; the answer says what happened. */
  async test(n: number, user: string): Promise<string> {
    const cfg = this.channel(n);
    const stamp = Math.floor(this.d.now() / 1000);
    const name = `test_${this.d.serial()}_${stamp}.csv`;
    const content = Buffer.from(`Timestamp,Test\n${new Date(this.d.now()).toISOString()},Post Channel ${n}\n`);
    try {
      const where = await this.sendLogged(n, cfg, { name, content, contentType: 'text/csv' });
      const text = t.testOk(where, name);
      this.d.events.write('Info', `${t.channelEvent(n, text)} (test by ${user})`, user);
      return text;
    } catch (err) {
      const reason = this.reason(cfg, err);
      this.d.events.write('Error', `${t.channelEvent(n, reason)} (test by ${user})`, user);
      return reason;
    }
  }

  /** clearFolder: the waiting files are dropped. */
  clear(n: number, user: string): number {
    const count = this.queue(n).clear();
    this.failures.delete(n);
    this.d.events.write('Info', `Post Channel ${n}: ${count} waiting file(s) cleared by ${user}`, user);
    this.d.syslog?.('info', `Post Channel ${n}: ${count} waiting file(s) cleared by ${user}`);
    return count;
  }

  status(n: number): PostChannelStatus {
    const h = this.health()[n];
    return { channel: n, usedBy: logsUsing(this.d.kv, n), waiting: this.queue(n).list().length, lastSuccess: h?.lastSuccess ?? null, lastFailure: h?.lastFailure ?? null };
  }

  private health(): Record<number, Health> {
    return this.d.kv.get<Record<number, Health>>(HEALTH_KEY) ?? {};
  }

  private setHealth(n: number, change: Partial<Health>): void {
    const all = this.health();
    this.d.kv.set(HEALTH_KEY, { ...all, [n]: { lastSuccess: null, lastFailure: null, ...all[n], ...change } });
  }
}
