/**
 * E-mail (001): the SMTP config section (a JSON document in the kv table), the periodic report
 * from the start time every interval, the real-time mails on an alarm or a system event, and
 * testEmail. Reports and real-time mails go through a queue on disk (mail-queue.ts): sent oldest
 * first, each on its own SMTP connection (smtp-client.ts), removed only once the server accepted
 * it; a failure that may pass (no connection, a timeout, a 4xx reply, TLS) waits a doubling
 * backoff and is tried again, a 5xx refusal drops the mail. Every failure goes to the module
 * event log in words, the password never does; the health (last success, last failure, mails
 * waiting) is kept for the Email page.
 */
import type { OutboundGuard } from '../outbound/outbound-guard.ts';
import { emailDeliveryTexts as dt, emailTexts as t, fromLocal, isoWithOffset, parseStartTime, smtpSection, type EmailStatus, type MeterEventKey, type SmtpConfig } from '@meter/contract';
import { join } from 'node:path';
import type { KeyValueStore } from '../../store/db.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { AlarmEntry } from '../logs/alarm-log.ts';
import { kvSectionBackend, type SectionBackend, sectionDefaults } from '../sections/section-backend.ts';
import { periodicReport, realTimeText, type RealTimeItem, type ReportSources } from './email-report.ts';
import { MailQueue, type MailFile, type QueuedMail } from './mail-queue.ts';
import { SmtpFailure, sendMail, targetOf, type Mail, type SmtpOptions } from './smtp-client.ts';

/** The last periodic slot handled (sent or passed by), per schedule: a restart neither repeats nor catches up. */
const LAST_SLOT_KEY = 'email.lastPeriodicSlot';
const HEALTH_KEY = 'email.health';
/** A slot is sent within its first minute; one the module was away for is skipped. */
const SLOT_GRACE_MS = 60_000;
/** Alarms and events this close together go out in one real-time mail. */
const REALTIME_BATCH_MS = 2_000;
/** The retry wait doubles from MODULE_EMAIL_RETRY_SECONDS up to this. */
export const EMAIL_MAX_BACKOFF_MS = 10 * 60_000;

type Health = Pick<EmailStatus, 'lastSuccess' | 'lastFailure'>;

export interface EmailServiceDeps extends ReportSources {
  /** Keeps the connections off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
  kv: KeyValueStore;
  events: ModuleEventLog;
  now: () => number;
  timeoutMs: number;
  /** The first wait after a failed send (doubles per failure up to EMAIL_MAX_BACKOFF_MS). */
  retryMs: number;
  /** The outbox lives in <dataDir>/email/outbox. */
  dataDir: string;
  extraCa?: string;
  /** The Email subsystem of the system log: each send and its outcome, never the password. */
  syslog?: SubsystemLog;
}

export class EmailService {
  readonly backend: SectionBackend<SmtpConfig>;
  readonly outbox: MailQueue;
  private pendingRealTime: RealTimeItem[] = [];
  private realTimeTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private draining: Promise<void> | undefined;
  /** Failed attempts in a row: while above 0 the queue waits for its retry timer. */
  private failures = 0;
  private periodicBusy = false;
  private closed = false;

  constructor(private readonly d: EmailServiceDeps) {
    const base = kvSectionBackend(d.kv, smtpSection);
    this.backend = {
      read: () => base.read(),
      write: (next, before, w) => {
        base.write(next, before, w);
        // New settings may be what the waiting mails needed: try at once, after the save's transaction.
        setTimeout(() => void this.retryNow(), 0);
      },
    };
    this.outbox = new MailQueue(join(d.dataDir, 'email', 'outbox'));
  }

  /** Mails left from before a restart or a crash go out now. */
  start(): void {
    void this.flush();
  }

  status(): EmailStatus {
    const h = this.d.kv.get<Health>(HEALTH_KEY);
    return { waiting: this.outbox.size(), lastSuccess: h?.lastSuccess ?? null, lastFailure: h?.lastFailure ?? null };
  }

  private setHealth(change: Partial<Health>): void {
    this.d.kv.set(HEALTH_KEY, { lastSuccess: null, lastFailure: null, ...this.d.kv.get<Health>(HEALTH_KEY), ...change });
  }

  private seconds(): number {
    return Math.floor(this.d.now() / 1000);
  }

  config(): SmtpConfig {
    return { ...sectionDefaults(smtpSection), ...this.backend.read() };
  }

  private options(): SmtpOptions {
    return { timeoutMs: this.d.timeoutMs, extraCa: this.d.extraCa, clientName: `meter-${this.d.serial().toLowerCase()}`, guard: this.d.guard };
  }

  private recipients(cfg: SmtpConfig): string[] {
    return [cfg.smtpToAddress1, cfg.smtpToAddress2, cfg.smtpToAddress3].filter((a) => a.trim() !== '');
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  /** One SMTP send, its outcome in the system log; rejects with the reason in words. */
  private async send(cfg: SmtpConfig, mail: Mail, what: string): Promise<string> {
    const log = this.d.syslog ?? NO_SYSLOG;
    if (log.debugOn())
      log(
        'debug',
        `${what}: connecting to ${targetOf(cfg)} (${['no encryption', 'TLS', 'STARTTLS'][cfg.isTLSSSLOn] ?? `security ${cfg.isTLSSSLOn}`}, ${cfg.isAuthOn === 1 ? `AUTH as ${cfg.smtpUserName}` : 'no AUTH'}), ${mail.to.length} recipient(s), ${mail.attachments?.length ?? 0} attachment(s)`,
      );
    try {
      const reply = await this.track(sendMail(cfg, mail, this.options()));
      log('info', `${what} sent through ${targetOf(cfg)} to ${mail.to.join(', ')}: ${firstLine(reply)}`);
      return reply;
    } catch (err) {
      log('error', `${what} not sent: ${(err as Error).message}`);
      throw err;
    }
  }

  /** Queues a mail on disk and sends the queue; resolves when this attempt ends (sent, queued for a retry, or dropped). */
  private async submit(what: string, mail: Mail): Promise<void> {
    if (this.closed) return;
    for (const lost of this.outbox.add({ what, mail, queuedMs: this.d.now(), attempts: 0 })) {
      this.d.events.write('Error', dt.queueFull(lost.what, this.outbox.max));
    }
    await this.flush();
  }

  /** Ends a backoff early (new settings, a test that got through) and sends what waits. */
  private async retryNow(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.failures = 0;
    await this.flush();
  }

  /** Sends the queue unless it waits out a backoff (`retry`: the backoff is over); one drain at a time. */
  async flush(retry = false): Promise<void> {
    while (this.draining) await this.draining;
    if (this.closed || (this.failures > 0 && !retry)) return;
    this.draining = this.drain().finally(() => (this.draining = undefined));
    await this.draining;
  }

  /** Oldest first, until the queue is empty or a send fails for now. */
  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const cfg = this.config();
      // With SMTP off the mails wait: switching it on again sends them.
      if (cfg.enable !== 1) return;
      const file = this.outbox.list()[0];
      if (!file) return;
      const entry = this.outbox.read(file);
      if (!entry) {
        this.outbox.remove(file);
        continue;
      }
      try {
        await this.send(cfg, entry.mail, entry.what);
        this.outbox.remove(file);
        this.failures = 0;
        this.setHealth({ lastSuccess: { time: this.seconds(), mail: entry.what } });
        if (entry.attempts > 0) this.d.events.write('Info', dt.delivered(entry.what, targetOf(cfg)));
      } catch (err) {
        if (this.failed(file, entry, err)) return;
      }
    }
  }

  /** Records a failure; answers whether the queue now waits (true) or goes on with the next mail. */
  private failed(file: MailFile, entry: QueuedMail, err: unknown): boolean {
    const reason = err instanceof Error ? err.message : String(err);
    this.setHealth({ lastFailure: { time: this.seconds(), reason } });
    if (err instanceof SmtpFailure && err.permanent) {
      this.outbox.remove(file);
      this.d.events.write('Error', dt.dropped(entry.what, reason));
      return false;
    }
    // The first failure of a mail is logged; its retries only change the health.
    if (entry.attempts === 0) this.d.events.write('Error', dt.queued(entry.what, reason));
    this.outbox.update(file, { ...entry, attempts: entry.attempts + 1 });
    this.failures++;
    const wait = Math.min(this.d.retryMs * 2 ** (this.failures - 1), EMAIL_MAX_BACKOFF_MS);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush(true);
    }, wait);
    return true;
  }

  /** testEmail: a real mail with the saved settings to recipient `n`; the answer is the Test Result. */
  async test(n: number, user: string): Promise<string> {
    const cfg = this.config();
    if (cfg.enable !== 1) return t.disabled;
    const to = String(cfg[`smtpToAddress${n}` as keyof SmtpConfig] ?? '').trim();
    if (to === '') return t.noRecipient(n);
    const at = Math.floor(this.d.now() / 1000);
    const mail: Mail = { to: [to], subject: t.testSubject(cfg.smtpSubject), text: t.testBody(this.d.serial(), isoWithOffset(this.d.zone(), at)) };
    try {
      const reply = await this.send(cfg, mail, `test mail by ${user}`);
      const text = t.testOk(to, targetOf(cfg));
      this.d.events.write('Info', `${t.event(`test to ${to}`, text)} (${firstLine(reply)}, test by ${user})`, user);
      this.setHealth({ lastSuccess: { time: this.seconds(), mail: `test to ${to}` } });
      // The server takes mail again: what waits need not sit out the rest of its backoff.
      if (this.failures > 0) void this.retryNow();
      return text;
    } catch (err) {
      const reason = (err as Error).message;
      this.d.events.write('Error', `${t.event(`test to ${to}`, reason)} (test by ${user})`, user);
      this.setHealth({ lastFailure: { time: this.seconds(), reason } });
      return reason;
    }
  }

  /** The slot due at `nowMs` (start time + k × interval, device time), or undefined. */
  dueSlot(cfg: SmtpConfig, nowMs: number): number | undefined {
    if (cfg.enable !== 1) return undefined;
    const start = parseStartTime(cfg.sendStartTime);
    if (!start) return undefined;
    const anchor = fromLocal(this.d.zone(), start.year, start.month, start.day, start.hour, start.minute) * 1000;
    if (nowMs < anchor) return undefined;
    const step = cfg.smtpSendingInterval * 60_000;
    return anchor + Math.floor((nowMs - anchor) / step) * step;
  }

  /** Every second (the ticker): sends the periodic report when its slot comes. Resolves when that send ends. */
  async tick(nowMs: number): Promise<void> {
    if (this.closed || this.periodicBusy) return;
    const cfg = this.config();
    const slot = this.dueSlot(cfg, nowMs);
    if (slot === undefined) return;
    const schedule = `${cfg.sendStartTime}/${cfg.smtpSendingInterval}`;
    const last = this.d.kv.get<{ schedule: string; slot: number }>(LAST_SLOT_KEY);
    if (last && last.schedule === schedule && last.slot >= slot) return;
    this.d.kv.set(LAST_SLOT_KEY, { schedule, slot });
    if (nowMs - slot >= SLOT_GRACE_MS) return;
    const to = this.recipients(cfg);
    const anyContent = cfg.realTimeSending + cfg.energySending + cfg.alarmSending + cfg.demandSending + cfg.sysEventSending + cfg.diSending > 0;
    if (!anyContent || to.length === 0) return;
    this.periodicBusy = true;
    try {
      const report = periodicReport(cfg, this.d, slot, slot - cfg.smtpSendingInterval * 60_000);
      await this.submit('report', { to, subject: t.periodicSubject(cfg.smtpSubject), text: report.text, attachments: [report.attachment] });
    } finally {
      this.periodicBusy = false;
    }
  }

  /** An alarm limit triggered or recovered. */
  alarm(entry: AlarmEntry): void {
    const cfg = this.config();
    if (cfg.enable === 1 && cfg.alarmTriggered === 1) this.queueRealTime({ kind: 'alarm', entry });
  }

  /** A meter system event was recorded (called inside its transaction: only queues). */
  event(event: MeterEventKey, atMs: number): void {
    const cfg = this.config();
    if (cfg.enable === 1 && cfg.sysEventTriggered === 1) this.queueRealTime({ kind: 'event', event, atMs });
  }

  private queueRealTime(item: RealTimeItem): void {
    if (this.closed) return;
    this.pendingRealTime.push(item);
    this.realTimeTimer ??= setTimeout(() => void this.flushRealTime(), REALTIME_BATCH_MS);
  }

  /** Sends what is batched as one real-time mail; resolves when the attempt ends. */
  async flushRealTime(): Promise<void> {
    const mail = this.takeRealTime();
    if (mail) await this.submit(mail.what, mail.mail);
  }

  private takeRealTime(): { what: string; mail: Mail } | undefined {
    clearTimeout(this.realTimeTimer);
    this.realTimeTimer = undefined;
    const items = this.pendingRealTime;
    this.pendingRealTime = [];
    const cfg = this.config();
    const to = this.recipients(cfg);
    if (items.length === 0 || cfg.enable !== 1 || to.length === 0) return undefined;
    return {
      what: items.some((i) => i.kind === 'alarm') ? 'alarm' : 'system event',
      mail: { to, subject: t.realTimeSubject(cfg.smtpSubject), text: realTimeText(items, this.d.zone(), this.d.serial()) },
    };
  }

  async close(): Promise<void> {
    // A batch still gathering is kept on disk, to go out after the reboot.
    const last = this.closed ? undefined : this.takeRealTime();
    if (last) this.outbox.add({ ...last, queuedMs: this.d.now(), attempts: 0 });
    this.closed = true;
    clearTimeout(this.retryTimer);
    await Promise.allSettled([...this.inFlight, this.draining]);
  }
}

const firstLine = (s: string) => s.split(/\r?\n/)[0] ?? '';
