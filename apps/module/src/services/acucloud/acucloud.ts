/**
 * The AcuCloud uplink (001 "Communication, AcuCloud", §7, §9): while enabled, the cloud logger
 * ('ac') writes its rows into a post file per period; each closed file is queued on disk
 * (<data>/posting/channel4, the spec's "cloud test channel 4") and POSTed to the configured
 * address with the token as a bearer credential. A file leaves the queue only after a 2xx; a
 * failure waits a growing backoff (MODULE_POST_RETRY_SECONDS doubling up to 5 minutes) and is
 * written to the module event log. testPoster {channel: 4} sends a small real file and answers
 * in words; clearFolder {channel: 4} empties the queue.
 */
import { ACUCLOUD_CHANNEL, acuCloudSection, acuCloudTexts as t, type AcuCloudConfig, type PostChannelStatus } from '@meter/contract';
import { join } from 'node:path';
import type { KeyValueStore } from '../../store/db.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { reasonOf, targetOf } from '../posting/post-error.ts';
import type { OutboundGuard } from '../outbound/outbound-guard.ts';
import type { PostTargets } from '../posting/post-files.ts';
import { PostQueue, type QueuedFile } from '../posting/post-queue.ts';
import { httpPost, targetFrom, type OutgoingFile } from '../posting/senders.ts';
import { KV_SECTION_PREFIX, kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';

const MAX_BACKOFF_MS = 5 * 60_000;
const IDLE_MS = 5_000;
const HEALTH_KEY = 'acucloud.health';
export const ACUCLOUD_CONFIG_KEY = KV_SECTION_PREFIX + acuCloudSection.key;

type Health = Pick<PostChannelStatus, 'lastSuccess' | 'lastFailure'>;

export interface AcuCloudDeps {
  /** Keeps the connections off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
  dataDir: string;
  kv: KeyValueStore;
  events: ModuleEventLog;
  now: () => number;
  /** The module serial number the page shows and every upload names. */
  serial: () => string;
  timeoutMs: number;
  retryMs: number;
  ca?: string[];
  /** The Data Post subsystem of the system log (AcuCloud is post channel 4); never the token. */
  syslog?: SubsystemLog;
}

/** Whether the cloud uplink is on: the cloud logger follows it. */
export function acuCloudEnabled(kv: KeyValueStore): boolean {
  return kv.get<AcuCloudConfig>(ACUCLOUD_CONFIG_KEY)?.enable === true;
}

export class AcuCloud {
  readonly queue: PostQueue;
  /** What the cloud logger's post files are closed into (services/posting PostFiles). */
  readonly targets: PostTargets;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  private stopped = true;
  private readonly base: SectionBackend;

  constructor(private readonly d: AcuCloudDeps) {
    this.queue = new PostQueue(join(d.dataDir, 'posting', `channel${ACUCLOUD_CHANNEL}`));
    this.base = kvSectionBackend(d.kv, acuCloudSection);
    this.targets = { queues: new Map([[ACUCLOUD_CHANNEL, this.queue]]), queue: () => this.queue, wake: () => this.wake() };
  }

  /** The stored settings, secrets included, with the device's serial number. */
  settings(): AcuCloudConfig {
    return { ...(this.base.read() as AcuCloudConfig), moduleSerialNumber: this.d.serial() };
  }

  backend(): SectionBackend {
    return {
      read: () => this.settings(),
      write: (next, before, w) => {
        this.base.write({ ...next, moduleSerialNumber: '' }, before, w);
        this.failures = 0;
        this.wake();
      },
    };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  wake(): void {
    if (this.failures === 0) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return;
      this.running = this.drain().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const cfg = this.settings();
      if (!cfg.enable) return this.schedule(IDLE_MS);
      const file = this.queue.list()[0];
      if (!file) return this.schedule(IDLE_MS);
      try {
        await this.sendLogged(cfg, this.outgoing(file));
        this.queue.remove(file);
        this.failures = 0;
        this.setHealth({ lastSuccess: { time: this.seconds(), file: file.name } });
      } catch (err) {
        const reason = this.reason(cfg, err);
        this.failures++;
        this.setHealth({ lastFailure: { time: this.seconds(), reason } });
        this.d.events.write('Error', t.event(reason));
        return this.schedule(Math.min(this.d.retryMs * 2 ** (this.failures - 1), MAX_BACKOFF_MS));
      }
    }
  }

  private seconds(): number {
    return Math.floor(this.d.now() / 1000);
  }

  private outgoing(file: QueuedFile): OutgoingFile {
    return { name: file.name, content: this.queue.read(file), contentType: file.name.endsWith('.json') ? 'application/x-ndjson' : 'text/csv' };
  }

  private async sendLogged(cfg: AcuCloudConfig, file: OutgoingFile): Promise<string> {
    const log = this.d.syslog ?? NO_SYSLOG;
    if (log.debugOn()) log('debug', `AcuCloud: sending ${file.name} (${file.content.length} bytes)`);
    try {
      const where = await this.send(cfg, file);
      log('info', `AcuCloud: ${file.name} sent to ${where}`);
      return where;
    } catch (err) {
      log('warning', `AcuCloud: ${file.name} not sent: ${this.reason(cfg, err)}`);
      throw err;
    }
  }

  /** POST {address}: the file as the body, the token as a bearer credential, the serial and file name as headers. */
  private send(cfg: AcuCloudConfig, file: OutgoingFile): Promise<string> {
    const url = new URL(cfg.acuCloudAddress);
    const headers = {
      'content-type': `${file.contentType}; charset=utf-8`,
      'content-disposition': `attachment; filename="${file.name}"`,
      authorization: `Bearer ${cfg.acuCloudToken}`,
      'x-module-serial': cfg.moduleSerialNumber,
    };
    return httpPost(url, 0, headers, file.content, { timeoutMs: this.d.timeoutMs, mac: '', ca: this.d.ca, guard: this.d.guard }, t.tokenRefused);
  }

  private reason(cfg: AcuCloudConfig, err: unknown): string {
    try {
      const url = new URL(cfg.acuCloudAddress);
      const tg = targetFrom(cfg.acuCloudAddress, 0, url.protocol === 'https:' ? 443 : 80);
      return reasonOf(err, targetOf(tg.host, tg.port), tg.host, this.d.timeoutMs / 1000);
    } catch {
      return reasonOf(err, cfg.acuCloudAddress, cfg.acuCloudAddress, this.d.timeoutMs / 1000);
    }
  }

  /** testPoster {channel: 4}: a small real file with the saved settings; the answer says what happened. */
  async test(user: string): Promise<string> {
    const cfg = this.settings();
    const name = `test_${cfg.moduleSerialNumber}_${this.seconds()}.json`;
    const content = Buffer.from(`${JSON.stringify({ Timestamp: this.seconds(), Test: 'AcuCloud' })}\n`);
    try {
      const where = await this.sendLogged(cfg, { name, content, contentType: 'application/x-ndjson' });
      const text = `Connected to ${where}: test file ${name} accepted`;
      this.d.events.write('Info', `${t.event(text)} (test by ${user})`, user);
      return text;
    } catch (err) {
      const reason = this.reason(cfg, err);
      this.d.events.write('Error', `${t.event(reason)} (test by ${user})`, user);
      return reason;
    }
  }

  /** clearFolder {channel: 4}: the waiting files are dropped. */
  clear(user: string): number {
    const count = this.queue.clear();
    this.failures = 0;
    this.d.events.write('Info', `AcuCloud: ${count} waiting file(s) cleared by ${user}`, user);
    this.d.syslog?.('info', `AcuCloud: ${count} waiting file(s) cleared by ${user}`);
    return count;
  }

  status(): PostChannelStatus {
    const h = this.d.kv.get<Health>(HEALTH_KEY);
    return { channel: ACUCLOUD_CHANNEL, usedBy: [], waiting: this.queue.list().length, lastSuccess: h?.lastSuccess ?? null, lastFailure: h?.lastFailure ?? null };
  }

  private setHealth(change: Partial<Health>): void {
    const h = this.d.kv.get<Health>(HEALTH_KEY);
    this.d.kv.set(HEALTH_KEY, { lastSuccess: null, lastFailure: null, ...h, ...change });
  }
}
