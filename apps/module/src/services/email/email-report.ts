/**
 * What the mails say (decided, docs/decisions/communication-email.md "E-mail"): plain text in the device's time zone.
 * The periodic report lists the selected contents in its body and carries them as a CSV
 * attachment (Section,Name,Value,Unit) for a spreadsheet; a real-time mail lists the alarms and
 * system events it was sent for.
 */
import { ENERGY_PARAMETER_LABELS, emailTexts, isoWithOffset, meterEventTexts, type MeterEventKey, type SmtpConfig, type TimeZone } from '@meter/contract';
import type { AlarmRecord, MeterEventRecord } from '@meter/contract';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { AlarmEntry } from '../logs/alarm-log.ts';
import type { MailAttachment } from './smtp-client.ts';

const SYSTEM_SLOT = 'sys';
/** The report's sections are named as the settings name the contents they hold. */
const SECTION = emailTexts.labels;
const DEMAND_NAMES = [
  ['Current Demand', 'A'],
  ['Active Demand', 'kW'],
  ['Reactive Demand', 'kvar'],
  ['Apparent Demand', 'kVA'],
] as const;

export interface ReportSources {
  meter: ReadingSource;
  /** Alarm log, newest first. */
  alarms: () => AlarmRecord[];
  /** Meter event log, newest first. */
  meterEvents: () => MeterEventRecord[];
  zone: () => TimeZone;
  serial: () => string;
}

interface Row {
  section: string;
  name: string;
  value: string;
  unit: string;
}

const fixed = (v: number, places: number) => (Number.isFinite(v) ? v.toFixed(places) : '');
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The rows of the selected contents, at `atMs`, with the alarms and events since `sinceMs`. */
export function reportRows(cfg: SmtpConfig, src: ReportSources, atMs: number, sinceMs: number): Row[] {
  const zone = src.zone();
  const time = (unix: number) => isoWithOffset(zone, unix);
  const rows: Row[] = [];
  const add = (section: string, name: string, value: string, unit = '') => rows.push({ section, name, value, unit });
  if (cfg.realTimeSending === 1) {
    const s = src.meter.snapshot(atMs);
    const sec = SECTION.realTimeSending;
    add(sec, 'Frequency', fixed(s.frequency, 2), 'Hz');
    ['A', 'B', 'C'].forEach((p, i) => {
      const ph = s.phases[i as 0 | 1 | 2];
      add(sec, `Phase ${p} Voltage`, fixed(ph.vln, 1), 'V');
      add(sec, `Phase ${p} Current`, fixed(ph.current, 2), 'A');
    });
    add(sec, 'System Active Power', fixed(s.system.p, 3), 'kW');
    add(sec, 'System Reactive Power', fixed(s.system.q, 3), 'kvar');
    add(sec, 'System Apparent Power', fixed(s.system.s, 3), 'kVA');
    add(sec, 'System Power Factor', fixed(s.system.pf, 3));
  }
  if (cfg.energySending === 1) {
    const e = src.meter.energy(SYSTEM_SLOT);
    if (e) {
      const sec = SECTION.energySending;
      add(sec, 'Import Active Energy', fixed(e.importActive, 1), 'kWh');
      add(sec, 'Export Active Energy', fixed(e.exportActive, 1), 'kWh');
      add(sec, 'Import Reactive Energy', fixed(e.importReactive, 1), 'kvarh');
      add(sec, 'Export Reactive Energy', fixed(e.exportReactive, 1), 'kvarh');
      add(sec, ENERGY_PARAMETER_LABELS.ES, fixed(e.apparent, 1), 'kVAh');
    }
  }
  if (cfg.demandSending === 1) {
    const d = src.meter.demand(SYSTEM_SLOT);
    if (d) {
      DEMAND_NAMES.forEach(([name, unit], i) => {
        add(SECTION.demandSending, name, fixed(d.demand[i] ?? NaN, 3), unit);
        add(SECTION.demandSending, `${name} Maximum`, fixed(d.peak[i] ?? NaN, 3), unit);
      });
    }
  }
  if (cfg.diSending === 1) {
    src.meter.digitalInputs(atMs).forEach((di, i) => {
      add(SECTION.diSending, `DI${i + 1}`, di.type === 1 ? String(di.count) : di.status === 1 ? 'Closed' : 'Open', di.type === 1 ? 'pulses' : '');
    });
  }
  const since = Math.floor(sinceMs / 1000);
  if (cfg.alarmSending === 1) {
    const list = src.alarms().filter((a) => a.Timestamp > since);
    if (list.length === 0) add(SECTION.alarmSending, 'None', '');
    for (const a of list.reverse()) add(SECTION.alarmSending, `${time(a.Timestamp)} Alarm ${a.Alarm} ${a.Parameter} ${a.Condition} ${a.Setpoint}`, `${a.Value}`, a.Status);
  }
  if (cfg.sysEventSending === 1) {
    const list = src.meterEvents().filter((e) => e.Timestamp > since);
    if (list.length === 0) add(SECTION.sysEventSending, 'None', '');
    for (const e of list.reverse()) add(SECTION.sysEventSending, time(e.Timestamp), e.Event);
  }
  return rows;
}

export interface ReportMail {
  text: string;
  attachment: MailAttachment;
}

export function periodicReport(cfg: SmtpConfig, src: ReportSources, atMs: number, sinceMs: number): ReportMail {
  const zone = src.zone();
  const at = Math.floor(atMs / 1000);
  const rows = reportRows(cfg, src, atMs, sinceMs);
  const lines = [`Meter ${src.serial()} report at ${isoWithOffset(zone, at)}`, `Period from ${isoWithOffset(zone, Math.floor(sinceMs / 1000))}`];
  let section = '';
  for (const r of rows) {
    if (r.section !== section) {
      section = r.section;
      lines.push('', `${section}:`);
    }
    lines.push(`  ${r.name}${r.value === '' ? '' : `: ${r.value}`}${r.unit ? ` ${r.unit}` : ''}`);
  }
  const csv = ['Section,Name,Value,Unit', ...rows.map((r) => [r.section, r.name, r.value, r.unit].map(csvCell).join(','))].join('\r\n') + '\r\n';
  const stamp = isoWithOffset(zone, at).slice(0, 16).replace(/[-:T]/g, '');
  return { text: lines.join('\n') + '\n', attachment: { filename: `report_${src.serial()}_${stamp}.csv`, content: csv, contentType: 'text/csv' } };
}

export type RealTimeItem = { kind: 'alarm'; entry: AlarmEntry } | { kind: 'event'; event: MeterEventKey; atMs: number };

export function realTimeText(items: readonly RealTimeItem[], zone: TimeZone, serial: string): string {
  const lines = [`Meter ${serial}:`];
  for (const i of items) {
    if (i.kind === 'alarm') {
      const e = i.entry;
      lines.push(`${isoWithOffset(zone, Math.floor(e.atMs / 1000))} Alarm ${e.alarmId} ${e.status}: ${e.parameter} ${e.condition} ${e.setPoint}, value ${e.value}`);
    } else {
      lines.push(`${isoWithOffset(zone, Math.floor(i.atMs / 1000))} System event: ${meterEventTexts[i.event]}`);
    }
  }
  return lines.join('\n') + '\n';
}
