/**
 * The system log as the code of one subsystem sees it. It sits under everything (the store, the
 * meter, the services) and imports nothing of the module; services/maintenance/system-log.ts writes it.
 */
export type SyslogLevel = 'debug' | 'info' | 'warning' | 'error';

/**
 * One subsystem's system log (debug diagnostic, 002 §2.12), handed to the code that is that
 * subsystem. A debug line is dropped unless the subsystem's switch is on; on a hot path ask
 * `debugOn()` first, so an off switch costs no string building.
 */
export interface SubsystemLog {
  (level: SyslogLevel, message: string): void;
  debugOn(): boolean;
}

/** For code built without a system log (unit tests of one part). */
export const NO_SYSLOG: SubsystemLog = Object.assign(() => {}, { debugOn: () => false });
