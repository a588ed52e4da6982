import { successReply, valueOneBody } from '../schemas/common.ts';
import * as dt from '../schemas/date-time.ts';
import { ntpSection } from '../sections/date-time.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const dateTimeEndpoints = {
  // Date and time (001 §7): configuration view reads, configuration edit writes.
  ntpConfig: sectionRead('/settings/communication/ntpConfig', ntpSection, read('configuration')),
  saveNtpConfig: sectionWrite('/settings/communication/ntpConfig', ntpSection, write('configuration')),
  getTime: ep({ method: 'GET', path: '/command/getTime', reply: dt.timeData, auth: read('configuration') }),
  /** Queries the NTP servers in order; replies 'Success', or the time-changed text when the clock moved more than a minute (sessions end). */
  syncTime: ep({ method: 'PATCH', path: '/command/syncTime', body: valueOneBody, reply: successReply, auth: write('configuration') }),
  /** Sets the device (and meter) clock; same replies as syncTime. */
  setMeterTime: ep({ method: 'PATCH', path: '/command/setMeterTime', body: dt.setMeterTimeBody, reply: successReply, auth: write('configuration') }),
} as const;
