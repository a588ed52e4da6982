/**
 * Log texts (001 §8, 002 §8.3) and the meter event keys with their texts, zod-free: the meter settings
 * labels and the log screens read them without the schemas.
 */
import { FILE_DELETE_FAILED } from '../../options/shared-texts.ts';

/**
 * Logs (001 §8 data logs and event log, 002 §8.3), to the letter; then texts the spec does not
 * show, decided here in the catalogue's voice (see docs/decisions/logs-event-alarm-and-data-logs.md).
 */
export const logTexts = {
  noDataLogSelected: 'No data log selected.',
  dataLogFilesDeleted: 'Data log files deleted',
  clearEventLogConfirm: 'Are you sure you want to clear Event Log? This action cannot be undone.',
  eventLogCleared: 'Event log cleared',
  /** 002 §8.3. */
  fileDeleteFailed: FILE_DELETE_FAILED,
  addToFilter: 'Add to filter',
  clearInterval: 'Clear',
  intervalEndBeforeStart: 'End time must not be earlier than start time',
  // Decided: the confirmation that lists the file names (001 §8 shows no text for it).
  deleteDataLogConfirm: 'Are you sure you want to delete these data log files? This action cannot be undone.',
  // The module's replies to a bad log call.
  badWindow: 'idStart and idEnd must be whole numbers with idStart <= idEnd and at most 1000 rows',
  badTime: 'timeStart and timeEnd must be unix seconds',
  badInterval: 'timeStart must not be later than timeEnd',
  badLevel: (level: string) => `Unknown level ${level}: use Critical, Error or Info`,
  badUserFilter: 'User must be at most 32 characters',
  badFileName: 'File names must be names of listed data log files',
  unknownDataLog: 'No such data log',
  adminOnly: 'Only the admin access level may delete data log files',
  valueMustBeOne: 'value must be 1',
  actionMustBeExport: "action must be 'export'",
} as const;

export const METER_EVENT_KEYS = [
  'restart',
  'diSyncDemand',
  'cmdSyncDemand',
  'resetEnergy',
  'resetDeviceRunTime',
  'resetBatteryRunTime',
  'modifySysParam',
  'setInitEnergy',
  'modifyTouSettings',
  'setClk',
  'reversePower',
  'resetDiPulseCounter',
] as const;
export type MeterEventKey = (typeof METER_EVENT_KEYS)[number];

/** Human texts of the meter's system events (001 §3 keys), shown in the Event column. Decided here. */
export const meterEventTexts: Record<MeterEventKey, string> = {
  restart: 'Meter restart',
  diSyncDemand: 'Demand synchronised by digital input',
  cmdSyncDemand: 'Demand synchronised by command',
  resetEnergy: 'Energy reset',
  resetDeviceRunTime: 'Device run time reset',
  resetBatteryRunTime: 'Battery run time reset',
  modifySysParam: 'System parameters modified',
  setInitEnergy: 'Initial energy set',
  modifyTouSettings: 'TOU settings modified',
  setClk: 'Meter clock set',
  reversePower: 'Reverse power detected',
  resetDiPulseCounter: 'DI pulse counter reset',
};
