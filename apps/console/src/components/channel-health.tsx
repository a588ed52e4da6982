/**
 * The health of a sending channel (post channels, AcuCloud, e-mail; decided, the spec shows none):
 * last success with what went, last failure with its reason, and how much waits, in device time.
 */
import { formatDeviceTime } from '../lib/device-time.ts';
import { useHomePageInfo } from '../lib/device.ts';
import { KeyValueTable } from './key-value-table.tsx';

export interface ChannelHealthStatus {
  waiting: number;
  /** `file` for a posted file, `mail` for a mail: what the server accepted. */
  lastSuccess: { time: number; file?: string; mail?: string } | null;
  lastFailure: { time: number; reason: string } | null;
}

export interface ChannelHealthTexts {
  lastSuccess: string;
  lastFailure: string;
  /** 'Files Waiting', 'Mails Waiting'. */
  waiting: string;
  never: string;
}

export function ChannelHealth({ title, texts, status }: { title: string; texts: ChannelHealthTexts; status: ChannelHealthStatus }) {
  const zone = useHomePageInfo().data?.timeZone ?? 'UTC';
  return <KeyValueTable title={title} rows={healthRows(status, zone, texts)} />;
}

export function healthRows(s: ChannelHealthStatus, zone: string, t: ChannelHealthTexts) {
  const what = s.lastSuccess?.file ?? s.lastSuccess?.mail;
  return [
    { label: t.lastSuccess, value: s.lastSuccess ? `${formatDeviceTime(s.lastSuccess.time, zone)}${what ? ` (${what})` : ''}` : t.never },
    { label: t.lastFailure, value: s.lastFailure ? `${formatDeviceTime(s.lastFailure.time, zone)}: ${s.lastFailure.reason}` : t.never },
    { label: t.waiting, value: String(s.waiting) },
  ];
}
