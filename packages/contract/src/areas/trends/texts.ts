/**
 * Trend log texts (001 §2, §4, §8) and the module's replies, zod-free: the management card and the emergency
 * wizard read them without the schemas.
 */

/**
 * Trend logs and trend log management (001 §2, §4, §8) to the letter; then the module's replies
 * to a bad trend call, decided here in the catalogue's voice (see docs/decisions/trends-store-and-api.md).
 */
export const trendTexts = {
  chartHint: 'Double click on the chart to roll back; drag to zoom.',
  logParam: 'Log Param',
  logFile: 'Log File',
  generateFile: 'Generate File',
  clearLogs: 'Clear Logs',
  fileNotFound: 'Trend log file not found. Ready to generate.',
  fileReady: 'Trend log file is ready. (Generating new file will delete current file)',
  generating: 'Generating the log file...',
  compressing: 'Compressing',
  generationStarted: 'Trend log file generating, come back later to download file.',
  cancelled: 'Trend log generating cancelled',
  cancelFailed: 'Failed to cancel the generation of Trend logs',
  resetFailed: 'Failed to reset Trend logs',
  filesDeleted: 'Trend log files deleted',
  deleteFailed: 'Failed to delete Trend log files',
  warningTitle: 'Warning',
  resetWarning: 'All trend log data and unsaved local data log records will be deleted. This action is irreversible.',
  deleteConfirm: 'Are you sure you want to delete these trend log files? This action is irreversible.',
  // The module's replies.
  badQuery: 'Trend query must be {parameter}&{start}&{end}&{interval}',
  badParameter: (p: string, allowed: readonly string[]) => `Unknown parameter ${p}: use one of ${allowed.join(', ')}`,
  badTime: (label: string) => `${label} must be a time in unix seconds`,
  badInterval: (i: string, allowed: readonly string[]) => `Unknown interval ${i}: use one of ${allowed.join(', ')}`,
  intervalNotForFrame: (i: string, allowed: readonly string[]) => `Interval ${i} is not offered for this time frame: use ${allowed.join(' or ')}`,
  beforeRealtimeWindow: (days: number, min: number) => `Start time must not be before ${min}: real-time trends keep ${days} days`,
  afterDeviceTime: (max: number) => `End time must not be after the device time (${max})`,
  tooManyPoints: (max: number) => `The time frame holds more than ${max} points at this interval: choose a longer interval`,
  badPoints: (max: number) => `points must be a whole number from 1 to ${max}`,
  badStat: 'stat must be avg, min or max',
  unknownBits: (label: string) => `${label} has unknown parameter bits`,
  notRecorded: (label: string) => `${label} is not recorded in the trend log`,
  shortIntervalNotAllowed: '1 second and 15 seconds are not available for energy, demand or power quality logs',
  outOfRange: 'Start time and end time must be within the range of the selected log types',
  exportTooLarge: 'The selection is too large for one file: choose a longer interval or a shorter time frame',
  nothingToCancel: 'No trend log file is being generated',
  exportFailed: (reason: string) => `Trend log file generation failed: ${reason}`,
} as const;
