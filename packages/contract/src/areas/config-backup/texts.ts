/**
 * Config management texts (002 §2.15, §8), zod-free: the screen reads them without the schemas.
 */

import { formMessages as m } from '../../shell-messages.ts';
import { FILE_DELETE_FAILED } from '../../options/shared-texts.ts';

const FILE = 'Configuration File';

/**
 * Config Management (002 §2.15, §8.2, §8.3) to the letter; then texts the spec does not show,
 * decided here in the catalogue's voice (see docs/decisions/config-management-backups.md).
 */
export const configBackupTexts = {
  backupDone: 'Config backup successful',
  backupFailed: (reply: string) => `Backup failed: ${reply}`,
  applied: 'Config applied successful',
  applyFailed: 'Config apply failed',
  uploadFailed: (reply: string) => `Configuration file upload failed: ${reply}`,
  exportFailed: 'Failed to export config',
  filesDeleted: 'Files deleted',
  deleteFailed: FILE_DELETE_FAILED,
  // Decided.
  title: 'Config Management',
  backup: 'Backup',
  description: 'Description',
  localList: 'Local Configuration List',
  importTitle: 'Import',
  importButton: 'Import',
  chooseFile: FILE,
  detail: 'Detail',
  apply: 'Apply',
  download: 'Download',
  delete: 'Delete',
  includeUser: 'Include users and roles',
  applyConfirm: 'The configuration replaces the current settings. Apply it?',
  deleteConfirm: 'Are you sure you want to delete this configuration? This action cannot be undone.',
  imported: 'Configuration file imported',
  fileRequired: m.required(FILE),
  wrongExtension: `${FILE} must be a .conf.an file`,
  fileTooLarge: `${FILE} is too large`,
  badUuid: 'uuid must be a configuration id',
  badIncludeUser: 'includeUser must be true or false',
  badConfirmOrigin: 'confirmOrigin must be the serial number of the module the configuration comes from',
  tooMany: (max: number) => `At most ${max} configurations can be saved: delete one first`,
  notFound: 'Configuration not found',
  damaged: 'The configuration file is damaged or has been modified',
  notConfigFile: 'The file is not a configuration file',
  newerFirmware: (version: string) => `The configuration file was saved by a newer firmware (${version}): update the module first`,
  otherModuleAdminOnly: (serial: string) => `This configuration comes from another module (serial number ${serial}): only admin may apply it`,
  confirmOrigin: (serial: string) => `This configuration comes from another module (serial number ${serial}): confirm its origin to apply it`,
  otherModuleConfirm: (serial: string) =>
    `This configuration comes from another module (serial number ${serial}). It could not be authenticated by this module; its passwords, keys and users are not applied. Apply it here?`,
  otherModuleBadge: 'From another module',
  skipped: (sections: string) => `Not applied (no permission to save them): ${sections}`,
  uploading: 'Uploading',
  otherModel: (model: string) => `The configuration file is for another model (${model})`,
  usersOfOtherDevice: 'The user accounts of this configuration were saved by another device: apply it without users',
  usersNeedUserConfig: 'Applying users and roles also needs edit permission on user configuration',
} as const;
