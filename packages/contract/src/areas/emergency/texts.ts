/**
 * Emergency mode texts (002 §2.16, §8), zod-free: the wizard's steps read them without the schemas.
 */
import { configBackupTexts } from '../config-backup/texts.ts';
import { firmwareTexts } from '../firmware/texts.ts';
import { managementTexts } from '../maintenance/texts.ts';

/** Emergency Mode (002 §2.16, §4.10) to the letter; then decided texts. */
export const emergencyTexts = {
  exporting: 'Emergency mode is exporting. Please stay on the current page',
  exportingLogger: 'Exporting Logger. Please stay on the current page',
  exportFailed: configBackupTexts.exportFailed,
  diagnosticFailed: managementTexts.diagnosticDownloadFailed,
  // Decided.
  title: 'Emergency Mode',
  step: (n: number) => `Step ${n}`,
  nextStep: 'Next Step',
  previousStep: 'Previous Step',
  step1Title: 'Export configuration and diagnostic file',
  exportConfig: 'Export Config',
  downloadDiagnostic: managementTexts.downloadDiagnostic,
  exported: 'Configuration exported',
  diagnosticDownloaded: 'Diagnostic file downloaded',
  // Step 2: the spec's texts (002 §8.2, §8.3), then the decided ones.
  loadFailed: (id: string) => `Failed to load DataLog${id} from meter`,
  filesDeleted: configBackupTexts.filesDeleted,
  step2Title: 'Export and reset the data loggers, clear the trend log',
  loggerNames: { '1': 'Data Log 1', '2': 'Data Log 2', '3': 'Data Log 3', ac: 'AcuCloud' } as Record<string, string>,
  logger: 'Logger',
  files: 'Files',
  state: 'State',
  exportLoggers: 'Export and Reset Data Loggers',
  exportedAndReset: 'Exported and reset',
  empty: 'No files',
  failed: 'Failed',
  resetFailed: (id: string) => `Failed to reset DataLog${id}`,
  clearTrendLog: 'Clear Trend Log',
  trendCleared: 'Trend log cleared',
  // Step 3 (decided; the firmware texts are the Firmware page's).
  step3Title: 'Firmware update, factory reset and reboot',
  moduleFirmwareUpdate: 'Module Firmware Update',
  meterFirmwareUpdate: firmwareTexts.meterManualUpdate,
  factoryReset: 'Reset to Factory Default',
  moduleReboot: managementTexts.moduleReboot,
} as const;
