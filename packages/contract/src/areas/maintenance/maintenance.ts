/**
 * Settings › Management and Debug Diagnostic (002 §2.11, §2.12, §4.6, §6, §7.5, §8): schemas, sections and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { CLEAR_DEVICE_RUN_TIME, DEBUG_LOG_OFF, DEBUG_LOG_ON, DEBUG_SUBSYSTEMS, READING_RESETS, type DebugSubsystem } from '../../options/maintenance.ts';
import { flag, strictObject } from '../../rules/fields.ts';
import { defineSection } from '../../sections/section.ts';
import { emptyBody, successReply, valueOneBody } from '../../schemas/common.ts';
import { both, ep, pathParams, read, sectionRead, sectionWrite, write } from '../../endpoints/define.ts';
import { managementTexts } from './texts.ts';

/** Maintenance bodies and replies (002 §3.10, §3.13, §3.14 SSH, §7.5). */
export const resetReadingsBody = strictObject({
  readingName: z.enum(READING_RESETS, { error: `readingName must be one of ${READING_RESETS.join(', ')}` }),
});
export type ResetReadingsBody = z.infer<typeof resetReadingsBody>;

/** command/getSealStatus: the meter's seal and whether it covers the device run time reset. */
export const sealStatusReply = z.object({ meterSealStatus: z.number(), [CLEAR_DEVICE_RUN_TIME]: z.number() });
export type SealStatus = z.infer<typeof sealStatusReply>;

export const sshConfig = strictObject({ enable: flag('SSH') });
export type SshConfig = z.infer<typeof sshConfig>;

const logLevel = strictObject({
  logLevel: z.union([z.literal(DEBUG_LOG_ON), z.literal(DEBUG_LOG_OFF)], { error: `logLevel must be ${DEBUG_LOG_ON} or ${DEBUG_LOG_OFF}` }),
});
/** settings/syslogConfig: every subsystem of 002 §2.12, each {logLevel: 7 | 6}. */
export const syslogConfig = strictObject(Object.fromEntries(DEBUG_SUBSYSTEMS.map((name) => [name, logLevel])) as Record<DebugSubsystem, typeof logLevel>);
export type SyslogConfig = z.infer<typeof syslogConfig>;

export const syslogConfigAll = (level: number): SyslogConfig => Object.fromEntries(DEBUG_SUBSYSTEMS.map((name) => [name, { logLevel: level }])) as SyslogConfig;

/** Sections of Settings › Management (002 §2.11, §2.12). */
/** SSH off on a new device: a maintenance door is opened on purpose. */
export const sshSection = defineSection({
  key: 'sshConfig',
  title: 'SSH config',
  context: 'none',
  body: () => sshConfig,
  data: sshConfig,
  savedMessage: managementTexts.sshSaved,
  defaults: () => ({ enable: 0 as const }),
});

/** Debug off everywhere on a new device: debug lines fill the flash. */
export const syslogSection = defineSection({
  key: 'syslogConfig',
  title: 'Debug diagnostic',
  context: 'none',
  body: () => syslogConfig,
  data: syslogConfig,
  savedMessage: managementTexts.debugSaved,
  defaults: () => syslogConfigAll(DEBUG_LOG_OFF),
});

/** Settings › Management and Debug Diagnostic (002 §7.5, §6). */
/** downloadSyslog's reply: the diagnostic archive's name. */
const diagnosticFileReply = /* @__PURE__ */ z.object({ value: /* @__PURE__ */ z.string() });

export const maintenanceEndpoints = {
  /** deviceRunTime also needs edit on configuration (002 §6): the module checks that second bit. */
  resetReadings: ep({ method: 'PATCH', path: '/command/resetReadings', body: resetReadingsBody, reply: successReply, auth: write('maintenance') }),
  /** 002 §6: "The seal status read depends on bits 192 and 48". */
  sealStatus: ep({ method: 'GET', path: '/command/getSealStatus', reply: sealStatusReply, auth: read('maintenance', 'configuration') }),
  resetFactory: ep({ method: 'PATCH', path: '/command/resetFactory', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  sshConfig: sectionRead('/settings/sshConfig', sshSection, read('maintenance')),
  saveSshConfig: sectionWrite('/settings/sshConfig', sshSection, write('maintenance')),
  syslogConfig: sectionRead('/settings/syslogConfig', syslogSection, read('maintenance')),
  saveSyslogConfig: sectionWrite('/settings/syslogConfig', syslogSection, write('maintenance')),
  clearSysLog: ep({ method: 'PATCH', path: '/command/clearSysLog', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  /** Makes the diagnostic archive; the reply names it for diagnosticFile. Also needs view on configuration (002 §6). */
  downloadSyslog: ep({
    method: 'PATCH',
    path: '/command/downloadSyslog',
    body: emptyBody,
    reply: diagnosticFileReply,
    auth: both(read('maintenance'), read('configuration')),
  }),
  diagnosticFile: ep({ method: 'GET', path: '/command/diagnosticFile/:fileName', params: pathParams('fileName'), auth: both(read('maintenance'), read('configuration')), file: true }),
} as const;
