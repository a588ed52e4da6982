/**
 * Module firmware texts (002 §2.13, §8), zod-free: the update cards read them without the schemas.
 */

import { feedbackTexts, formMessages as m } from '../../messages.ts';

const FILE = 'Firmware File';

/** Module Firmware (002 §2.13, §4.8–4.10, §8) to the letter, spelling included; then decided texts. */
export const firmwareTexts = {
  updateSuccess: 'Fireware update success, module will restart in ',
  updateFailed: 'Firmware update failed',
  uploadFailed: (reply: string) => `Firmware file upload failed: ${reply}`,
  upgrading: 'Firmware is upgrading. Please stay on the current page',
  // Decided.
  title: 'Module Firmware',
  manualUpdate: 'Manual Update',
  updateLog: 'Update Log',
  firmwareFile: FILE,
  upload: 'Upload',
  process: 'Process',
  cancel: 'Cancel',
  fileRequired: m.required(FILE),
  wrongExtension: `${FILE} must be a .a2up file`,
  uploaded: (name: string) => `${name} uploaded. Process it to update the module.`,
  currentVersion: feedbackTexts.names.moduleFirmwareVersion,
  downloadFailed: 'Download failed, try again?',
  serverUrlFailed: 'Firmware server url change failed',
  autoUpdate: 'Auto Update',
  remoteUpdate: 'Remote Update',
  firmwareServer: 'Firmware Server',
  check: 'Check',
  proceed: 'Proceed',
  downloading: 'Downloading',
  noUpdate: 'The module firmware is up to date',
  updateAvailable: (version: string) => `Module firmware ${version} is available`,
  releaseNotes: 'Release notes',
  autoUpdateSaved: 'Auto update config saved',
  serverUrlSaved: 'Firmware server url saved',
  serverUrlHelp: 'The address of the firmware manifest, http:// or https://',
  // The module's replies and update-log lines.
  checkFailed: (reason: string) => `Firmware server check failed: ${reason}`,
  checkFirst: 'Check for an update first',
  downloadRunning: 'A firmware download is running',
  noDownload: 'No firmware download',
  otherProduct: (product: string, model: string) => `the firmware server offers ${product}, this module is ${model}`,
  // Meter firmware (.abin), decided.
  meterTitle: 'Meter Firmware',
  meterCurrentVersion: feedbackTexts.names.meterFirmwareVersion,
  meterWrongExtension: `${FILE} must be a .abin file`,
  meterUploaded: (name: string) => `${name} uploaded. Process it to update the meter.`,
  meterUpdateSuccess: 'Meter firmware update success',
  meterManualUpdate: 'Meter Firmware Update',
  meterUpdateLog: 'Meter Update Log',
  // The checked package shown before Process, and downgrades (issue 25), decided.
  packageInfo: (fileName: string, version: string, running: string) => `${fileName}: version ${version} (running version ${running})`,
  confirmModule: (version: string) => `Install module firmware version ${version}? The module restarts when the update succeeds.`,
  confirmMeter: (version: string) => `Install meter firmware version ${version}?`,
  confirmDowngrade: (running: string) => `This is a downgrade: it replaces the running version ${running} with an older one.`,
  uploadProgress: 'Upload progress',
  downgradeOption: 'Allow downgrade to an older version',
  downgradeWarning:
    'Warning: an older firmware may lack security fixes and may not keep settings saved by the newer one. Tick this only to install an older version on purpose; the downgrade is recorded in the module event log.',
  downgradeAdminOnly: 'Only admin may install an older firmware version',
  olderVersion: (version: string, running: string) =>
    `version ${version} is older than the running version ${running}; an older version is installed only by admin with "Allow downgrade to an older version"`,
} as const;
