/**
 * E-mail (001): the SMTP config section (a JSON document in the kv table), the periodic report
 * from the start time every interval, the real-time mails on an alarm or a system event, and
 * testEmail. Every send opens its own SMTP connection (smtp-client.ts); every failure goes to the
 * module event log in words, the password never does.
 */
import { emailTexts as t, fromLocal, isoWithOffset, parseStartTime, smtpSection, type MeterEventKey, type SmtpConfig } from '@meter/contract';
import type { KeyValueStore } from '../../store/db.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { AlarmEntry } from '../logs/alarm-log.ts';
import { kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';
import { periodicReport, realTimeText, type RealTimeItem, type ReportSources } from './email-report.ts';
import { sendMail, targetOf, type Mail, type SmtpOptions } from './smtp-client.ts';

/** The last periodic slot handled (sent or passed by), per schedule: a restart neither repeats nor catches up. */
const LAST_SLOT_KEY = 'email.lastPeriodicSlot';
/** A slot is sent within its first minute; one the module was away for is skipped. */
const SLOT_GRACE_MS = 60_000;
/** Alarms and events this close together go out in one real-time mail. */
const REALTIME_BATCH_MS = 2_000;

export interface EmailServiceDeps extends ReportSources {
  kv: KeyValueStore;
  events: ModuleEventLog;
  now: () => number;
  timeoutMs: number;
  extraCa?: string;
  /** The Email subsystem of the system log: each send and its outcome, never the password. */
  syslog?: SubsystemLog;
}

export class EmailService {
  readonly backend: SectionBackend<SmtpConfig>;
  private pendingRealTime: RealTimeItem[] = [];
  private realTimeTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private periodicBusy = false;
  private closed = false;

  constructor(private readonly d: EmailServiceDeps) {
    this.backend = kvSectionBackend(d.kv, smtpSection) as unknown as SectionBackend<SmtpConfig>;
  }

  config(): SmtpConfig {
    return { ...(smtpSection.defaults!() as SmtpConfig), ...this.backend.read() };
  }

  private options(): SmtpOptions {
    return { timeoutMs: this.d.timeoutMs, extraCa: this.d.extraCa, clientName: `meter-${this.d.serial().toLowerCase()}` };
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

  /** Sends and logs; resolves with the failure's words, or undefined when the server accepted it. */
  private async deliver(cfg: SmtpConfig, mail: Mail, what: string): Promise<string | undefined> {
    try {
      await this.send(cfg, mail, what);
      return undefined;
    } catch (err) {
      const reason = (err as Error).message;
      this.d.events.write('Error', t.event(what, reason));
      return reason;
    }
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
      return text;
    } catch (err) {
      const reason = (err as Error).message;
      this.d.events.write('Error', `${t.event(`test to ${to}`, reason)} (test by ${user})`, user);
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
      await this.deliver(cfg, { to, subject: t.periodicSubject(cfg.smtpSubject), text: report.text, attachments: [report.attachment] }, 'report');
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

  /** Sends what is queued as one real-time mail; resolves when the send ends. */
  async flushRealTime(): Promise<void> {
    clearTimeout(this.realTimeTimer);
    this.realTimeTimer = undefined;
    const items = this.pendingRealTime;
    this.pendingRealTime = [];
    const cfg = this.config();
    const to = this.recipients(cfg);
    if (items.length === 0 || cfg.enable !== 1 || to.length === 0) return;
    await this.deliver(
      cfg,
      { to, subject: t.realTimeSubject(cfg.smtpSubject), text: realTimeText(items, this.d.zone(), this.d.serial()) },
      items.some((i) => i.kind === 'alarm') ? 'alarm' : 'system event',
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.realTimeTimer);
    await Promise.allSettled([...this.inFlight]);
  }
}

const firstLine = (s: string) => s.split(/\r?\n/)[0] ?? '';
