/** Maintenance bodies and replies (002 §3.10, §3.13, §3.14 SSH, §7.5). */
import { z } from 'zod';
import { CLEAR_DEVICE_RUN_TIME, DEBUG_LOG_OFF, DEBUG_LOG_ON, DEBUG_SUBSYSTEMS, READING_RESETS, type DebugSubsystem } from '../options/maintenance.ts';
import { flag, strictObject } from '../rules/fields.ts';

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
