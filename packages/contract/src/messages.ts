/**
 * The message catalogue. Texts are the spec's, to the letter (including its spelling).
 * Form messages (000 §5) take the field label, or 'This field' when the field has none.
 */
export * from './shell-messages.ts';

/** Reading › Metering (000 §8 "Relay toggle success"). */
export const meteringTexts = {
  relayToggled: (n: number) => `Relay output ${n} toggle successful`,
} as const;

/**
 * A real meter behind the module (issue 26, docs/modbus.md): ours, the spec has none. The banner
 * of every readings screen while the meter does not answer (`hhmmss` in the device's time), and
 * the module event log's entries at the loss and at the recovery.
 */
export const meterLinkTexts = {
  notResponding: (hhmmss: string) => `Meter not responding since ${hhmmss}`,
  lostEvent: (source: string, reason: string) => `Meter not responding (${source}): ${reason}`,
  recoveredEvent: (source: string) => `Meter responding again (${source})`,
} as const;

/**
 * Meter settings (001 §8) to the letter ('Nothing to save.' is shellTexts.nothingToSave); then
 * texts the spec does not show, decided here in the catalogue's voice (see docs/decisions.md).
 */
export const meterSettingsTexts = {
  saved: 'Meter config saved',
  sealStatusChanged: 'Seal Status Changed',
  refreshWebpage: 'Please refresh webpage.',
  passwordUpdated: 'Password updated',
  currentPasswordIncorrect: 'Current password incorrect',
  // Decided.
  sealed: (label: string) => `${label} cannot be changed while the meter is sealed`,
  diTypeLocked: (label: string) => `${label} can only be changed on a pulse-verified meter`,
  readOnly: (label: string) => `${label} is read-only`,
  notZero: (label: string) => `${label} cannot be 0`,
  relayIsAlarmOutput: (n: number) => `Relay output ${n} is an alarm output (RO type Alarm) and cannot be set by command`,
  savedEvent: (section: string, user: string) => `Meter settings (${section}) saved by ${user}`,
  passwordChangedEvent: (user: string) => `Meter password changed by ${user}`,
  passwordRefusedEvent: (user: string) => `Meter password change by ${user} refused: current password incorrect`,
} as const;

/** Replies of the module in `data.value` for failures it decides (the spec shows none). */
export const serverMessages = {
  unauthorized: 'Unauthorized',
  forbidden: 'Permission denied',
  notFound: 'Not found',
  invalidBody: 'Invalid request body',
  invalidPath: 'Invalid path parameter',
  invalidQuery: 'Invalid query string',
  invalidJson: 'Malformed JSON',
  incorrectCredentials: 'Incorrect username/password',
  lockedByAdministrator: 'Account locked by administrator',
  lockedOut: 'Account locked by administrator after too many failed attempts',
  tooManySessions: 'Maximum number of concurrent logins reached',
  multipleLoginNotAllowed: 'This user is already signed in elsewhere',
  passwordExpired: 'Password expired, account locked by administrator',
  rebooting: 'Module is rebooting',
  internal: 'Internal error',
  adminRoleProtected: 'The admin role can only be changed by user admin',
  adminUserProtected: 'User admin cannot be removed or locked',
  roleInUse: (name: string) => `Role ${name} is in use by a user`,
  roleExists: (name: string) => `Role ${name} already exists`,
  roleNotFound: (name: string) => `Role ${name} not found`,
  userExists: (name: string) => `User ${name} already exists`,
  userNotFound: (name: string) => `User ${name} not found`,
  currentPasswordIncorrect: 'Current password incorrect',
  passwordReused: (n: number) => `Password must differ from the last ${n} passwords`,
  passwordTooYoung: (days: number) => `Password cannot be changed within ${days} day(s) of the last change`,
  adminPasswordNeedsCurrent: 'The admin password can only be changed with its current password',
  adminKeepsAdminRole: 'User admin must keep the admin role',
  adminRoleNotRemovable: 'The admin role cannot be removed',
  adminRoleNotRenamable: 'The admin role cannot be renamed',
  adminRoleKeepsUserConfig: 'The admin role must keep edit on user configuration',
  nameMismatch: 'User name does not match the edited user',
  // Decided (docs/decisions.md, users): what no one may do through the API.
  ownRoleUnchangeable: 'You cannot change your own role',
  ownRoleRightsUnchangeable: 'You cannot change the rights of the role you hold',
  rightsExceedOwn: (area: string) => `You cannot grant more than your own rights on ${area}`,
  targetRightsExceedOwn: (area: string) => `You cannot change a user or role that holds more rights than you on ${area}`,
  adminRoleUsersProtected: 'Only user admin can add or change users of the admin role or set their passwords',
  lastUserManager: 'The last user who can edit user configuration cannot be removed, locked or given another role',
  passwordChangeRequired: 'Password change required: change your password or sign out',
  tooManyWrongCurrentPasswords: 'Too many incorrect current passwords: you have been signed out',
  tooManyFailedAttempts: (seconds: number) => `Too many failed attempts: try again in ${seconds} s`,
  success: 'Success',
} as const;

/** Success texts of the user-management screens (002 §8.2); failures show the module's reply (§8.3). */
export const userManagementTexts = {
  passwordPolicySaved: 'Password policy configuration saved',
  passwordChanged: (name: string) => `User ${name} password changed`,
  userCreated: 'User created',
  userDeleted: 'User Deleted',
  roleCreated: 'Role created',
  roleDeleted: 'Role Deleted',
  roleSaveFailed: 'Something wrong, can not be saved',
  tokenReset: 'Reset token successfully.',
  tokenResetFailed: 'Reset token failed.',
  resetApiToken: 'Reset API Token',
  active: 'Active',
  locked: 'Locked',
  notAvailable: 'N/A',
  // Decided: the spec shows none of these (docs/decisions.md "User management screens").
  generalSaved: 'User management general config saved',
  yes: 'Yes',
  no: 'No',
  newUser: 'New User',
  newRole: 'New Role',
  userSaved: (name: string) => `User ${name} saved`,
  roleSaved: (name: string) => `Role ${name} saved`,
  userLocked: (name: string) => `User ${name} locked`,
  userUnlocked: (name: string) => `User ${name} unlocked`,
  deleteUserTitle: 'Delete User',
  deleteUserConfirm: (name: string) => `Are you sure you want to delete user ${name}? This action cannot be undone.`,
  deleteRoleTitle: 'Delete Role',
  deleteRoleConfirm: (name: string) => `Are you sure you want to delete role ${name}? This action cannot be undone.`,
  changePasswordTitle: 'Change Password',
  passwordExpiredChange: 'Your password has expired. Change it to continue, or sign out.',
  defaultPasswordChange: 'You are using default password. Change it to continue, or sign out.',
} as const;

/**
 * Trend logs and trend log management (001 §2, §4, §8) to the letter; then the module's replies
 * to a bad trend call, decided here in the catalogue's voice (see docs/decisions.md).
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

/**
 * Logs (001 §8 data logs and event log, 002 §8.3), to the letter; then texts the spec does not
 * show, decided here in the catalogue's voice (see docs/decisions.md).
 */
export const logTexts = {
  noDataLogSelected: 'No data log selected.',
  dataLogFilesDeleted: 'Data log files deleted',
  clearEventLogConfirm: 'Are you sure you want to clear Event Log? This action cannot be undone.',
  eventLogCleared: 'Event log cleared',
  /** 002 §8.3. */
  fileDeleteFailed: 'File delete failed.',
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

/** Human texts of the meter's system events (001 §3 keys), shown in the Event column. Decided here. */
export const meterEventTexts: Record<import('./schemas/logs.ts').MeterEventKey, string> = {
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

/** Installation and inspection records (000 §2, §4, §8); the module's own reply texts are decided. */
export const recordTexts = {
  saved: 'Manual inputs saved',
  // Shown with success styling, as 000 §8 says.
  saveFailed: 'Failed to save manual inputs',
  verifyFailed: 'Failed to verify',
  confirmFailed: 'Failed to confirm',
  verify: 'Verify',
  confirm: 'Confirm',
  back: 'Back',
  downloadInstallation: 'Download Installation Record',
  downloadInspection: 'Download Inspection Record',
  newInstallation: 'New Installation Report',
  newInspection: 'New Inspection Report',
  installationTitle: 'Installation Record',
  inspectionTitle: 'Inspection Record',
  clientInformation: 'Client Information',
  installationInformation: 'Installation Information',
  deviceInformation: 'Device Information',
  ctInstallationTable: 'CT Installation Table',
  communicationInformation: 'Communication Information',
  commissionInformation: 'Commission Information',
  inspectionInformation: 'Inspection Information',
  ptInspectionTable: 'PT Inspection Table',
  ctInspectionTable: 'CT Inspection Table',
  inspectionNotes: 'Inspection Notes',
  inspectionStatus: 'Inspection Status',
  signature: 'Signature',
  othersPlaceholder: 'User to input text',
  enabled: 'Enabled',
  disabled: 'Disabled',
  auto: 'Auto',
  manual: 'Manual',
  empty: '-',
  // Decided (000 §5 "Records: not shown").
  badDate: (label: string) => `${label} must be a date YYYY-MM-DD`,
  badMac: (label: string) => `${label} must be a MAC address like 00:11:22:33:44:55`,
  badCtLayout: 'The CT rows must be the inputs of the wiring type, in order',
  othersRequired: 'Please provide the inspection status text',
  /** The PDF footer line that lets a printed copy be checked against the device. */
  pdfHash: (hash: string) => `SHA-256 of the record: ${hash}`,
  pdfPage: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pdfGenerated: (when: string) => `Generated ${when}`,
} as const;

/** The CE wireless transmit test (000 §2, §5, §8); the module's reasons are decided. */
export const ceTestTexts = {
  test: 'Test',
  success: 'Test successful',
  failure: 'Test failed',
  macHint: 'format 00:11:22:33:44:55',
  badMac: 'Destination Address must be like 00:11:22:33:44:55',
  overrideRateRequired: 'Please provide Override Rate',
  badOverrideRate: 'Override Rate must be one of the rates of the IEEE protocol',
  wrongProtocol: 'The IEEE protocol of the form does not match the command',
  noRadio: 'No WiFi radio to transmit on',
  radioDown: (name: string) => `WiFi radio ${name} is down`,
  ran: (protocol: string, user: string, result: string) => `CE transmit test ${protocol} by ${user}: ${result}`,
} as const;

/**
 * Settings › Management and Debug Diagnostic (002 §2.11, §2.12, §4.6, §8) to the letter; then texts
 * the spec does not show, decided here in the catalogue's voice (see docs/decisions.md).
 */
export const managementTexts = {
  sshSaved: 'SSH enabled successfully',
  sshEnableFailed: 'SSH enabled failed',
  sshChangeFailed: 'SSH config change failed',
  resetFactoryFailed: 'Reset factory failed.',
  debugSaved: 'Debug diagnostic saved',
  systemLogCleared: 'System log cleared',
  diagnosticDownloadFailed: 'Failed to download diagnostic file',
  backToManagement: 'Back To Management',
  clearSystemLog: 'Clear System Log',
  // Decided.
  title: 'Management',
  debugTitle: 'Debug Diagnostic',
  resetDemand: 'Reset Demand',
  resetEnergy: 'Reset Energy',
  resetAlarm: 'Reset Alarm Record',
  moduleReboot: 'Module Reboot',
  resetRunTime: 'Device Run Time Reset',
  factoryReset: 'Factory Reset',
  ssh: 'SSH',
  debugDiagnostic: 'Debug Diagnostic',
  downloadDiagnostic: 'Download Diagnostic File',
  reset: 'Reset',
  enable: 'Enable',
  disable: 'Disable',
  enableAll: 'Enable All',
  disableAll: 'Disable All',
  detail: 'Detail',
  download: 'Download',
  enabled: 'Enabled',
  disabled: 'Disabled',
  confirmReset: (what: string) => `Are you sure you want to reset ${what}? This action cannot be undone.`,
  resetDone: (what: string) => `${what} reset successful`,
  resetFailed: (what: string) => `Failed to reset ${what}`,
  confirmFactoryReset:
    'All settings and users return to their factory defaults and the module restarts. Ethernet 1 returns to its fixed default IP address and Ethernet 2 takes an address from a DHCP server. Log in again after 1 to 2 minutes.',
  confirmSsh: (on: boolean) => (on ? 'Are you sure you want to enable SSH?' : 'Are you sure you want to disable SSH?'),
  confirmClearSystemLog: 'Are you sure you want to clear the system log? This action cannot be undone.',
  systemLogClearFailed: 'Failed to clear system log',
  debugSaveFailed: 'Failed to save debug diagnostic',
  sealed: 'Sealed',
  factoryResetStarted: 'Module will restart with factory defaults in',
  // The module's replies.
  sealedReset: (what: string) => `${what} cannot be reset while the meter is sealed`,
  runTimeNeedsConfiguration: 'Device run time reset also needs edit permission on configuration',
  diagnosticNeedsConfiguration: 'The diagnostic file also needs view permission on configuration',
  sshStartFailed: (reason: string) => `SSH server did not start: ${reason}`,
  diagnosticFailed: (reason: string) => `Diagnostic file could not be made: ${reason}`,
} as const;

/** What each readingName of command/resetReadings resets, in the texts above. Decided. */
export const readingResetNames = { demand: 'demand', energy: 'energy', alarm: 'alarm record', deviceRunTime: 'device run time' } as const;

/**
 * Config Management (002 §2.15, §8.2, §8.3) to the letter; then texts the spec does not show,
 * decided here in the catalogue's voice (see docs/decisions.md).
 */
export const configBackupTexts = {
  backupDone: 'Config backup successful',
  backupFailed: (reply: string) => `Backup failed: ${reply}`,
  applied: 'Config applied successful',
  applyFailed: 'Config apply failed',
  uploadFailed: (reply: string) => `Configuration file upload failed: ${reply}`,
  exportFailed: 'Failed to export config',
  filesDeleted: 'Files deleted',
  deleteFailed: 'File delete failed.',
  // Decided.
  title: 'Config Management',
  backup: 'Backup',
  description: 'Description',
  localList: 'Local Configuration List',
  importTitle: 'Import',
  importButton: 'Import',
  chooseFile: 'Configuration File',
  detail: 'Detail',
  apply: 'Apply',
  download: 'Download',
  delete: 'Delete',
  includeUser: 'Include users and roles',
  applyConfirm: 'The configuration replaces the current settings. Apply it?',
  deleteConfirm: 'Are you sure you want to delete this configuration? This action cannot be undone.',
  imported: 'Configuration file imported',
  fileRequired: 'Please provide Configuration File',
  wrongExtension: 'Configuration File must be a .conf.an file',
  fileTooLarge: 'Configuration File is too large',
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

/** Network Diagnostic (002 §2.14). The spec shows no texts beyond the labels: decided here. */
export const networkDiagnosticTexts = {
  networkStatus: 'Networking Status',
  hostLookup: 'Host Lookup',
  connectionTest: 'Connection Test',
  refresh: 'Refresh',
  lookup: 'Lookup',
  beginTest: 'Begin Test',
  domain: 'Domain',
  alreadyRunning: 'A diagnostic of this session is still running: wait for it to end',
  stopped: (seconds: number) => `Stopped after ${seconds} s`,
} as const;

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
  firmwareFile: 'Firmware File',
  upload: 'Upload',
  process: 'Process',
  cancel: 'Cancel',
  fileRequired: 'Please provide Firmware File',
  wrongExtension: 'Firmware File must be a .a2up file',
  uploaded: (name: string) => `${name} uploaded. Process it to update the module.`,
  currentVersion: 'Module Firmware Version',
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
  meterCurrentVersion: 'Meter Firmware Version',
  meterWrongExtension: 'Firmware File must be a .abin file',
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

/** Post channels (002 §4.2, §8.1, §8.2) and the module's answers to testPoster (decided, see docs/decisions.md). */
export const postingTexts = {
  saved: 'Post channel config saved',
  cleared: 'Post channel logs cleared',
  clearFailed: 'Post channel logs clear failed',
  clearConfirm: 'Are you sure you want to clear post channel logs?',
  usernameColon: 'HTTP/HTTPS Username cannot contain colon',
  testResult: 'Test Result',
  test: 'Test',
  clearLogs: 'Clear Logs',
  /** The help under Enable: the logs that post through this channel. */
  usedBy: (logs: string) => `Used by ${logs}: it cannot be disabled while a data log uses it.`,
  inUse: (channel: number, logs: string) => `Post Channel ${channel} is used by ${logs} and cannot be disabled`,
  logList: (ids: readonly number[]) => ids.map((id) => `Data Log ${id}`).join(', '),
  health: 'Channel Health',
  lastSuccess: 'Last Success',
  lastFailure: 'Last Failure',
  waiting: 'Files Waiting',
  never: 'Never',
  // testPoster's result text: what happened, in words.
  testOk: (target: string, file: string) => `Connected to ${target}: test file ${file} accepted`,
  disabled: 'The channel is disabled',
  // Refused, reset, another protocol or the module's own port: one text (issue 25, outbound guard).
  couldNotConnect: (target: string) => `Could not connect to ${target}`,
  authFailed: (target: string) => `Connected to ${target}: authentication failed`,
  timedOut: (target: string, seconds: number) => `No answer from ${target} within ${seconds} s: timed out`,
  notFound: (host: string) => `Host ${host} not found`,
  httpStatus: (target: string, status: number) => `Connected to ${target}: the server answered HTTP ${status}`,
  failed: (target: string, reason: string) => `Sending to ${target} failed: ${reason}`,
  untrusted: (target: string, code: string) => `Connected to ${target}: the server's certificate is not trusted (${code})`,
  channelEvent: (channel: number, reason: string) => `Post Channel ${channel}: ${reason}`,
  settingsTitle: 'Post channel settings',
} as const;

/** Data log settings (002 §4.2, §5.3, §5.4, §8.2); the texts the spec leaves out are decided (docs/decisions.md). */
export const dataLogTexts = {
  saved: 'Data log config saved',
  settingsTitle: 'Data log settings',
  sftpTitle: 'SFTP settings',
  paramRequired: 'Please provide Log Param Type Detail',
  noFifteenSeconds: '15 seconds is not available when energy, demand or power quality parameters are logged',
  instOnly: 'Only instantaneous values are logged with energy, demand or power quality parameters',
  isoNotForJson: 'ISO8601 is not available for the json log file format',
  badMask: (label: string) => `${label} holds an unknown parameter`,
  typeUnavailable: (label: string) => `${label} are not available on this meter`,
  badChannel: 'Post Channel must list post channels 1 to 3, each once',
  channelDisabled: (n: number) => `Post Channel ${n} is disabled: enable it before a data log posts through it`,
  sftpPasswordHelp:
    '7 to 15 characters without spaces, with at least one number and one letter; add a non-alphanumeric character for a stronger password. There is no default password: SFTP stays off until one is set.',
  sftpPasswordSet: 'SFTP password changed',
  sftpPasswordReset: 'SFTP password cleared: SFTP is off until a new password is set',
  // The SFTP tab's password card (decided: the spec names the calls only).
  sftpPasswordCard: 'SFTP Password',
  setPassword: 'Set Password',
  resetPassword: 'Reset Password',
  resetConfirm: 'Clear the SFTP password? SFTP stays off until a new password is set.',
  resetFailed: 'SFTP password reset failed',
} as const;

/** Date and time (001 §4 "Date and time", §8): the spec's texts, and the module's own (decided). */
export const dateTimeTexts = {
  title: 'Date & Time',
  saved: 'Date & Time config saved',
  synced: 'Date time synced',
  timeChanged: 'Success. Re-login required due to time changed.',
  success: 'Success',
  labels: {
    enable: 'NTP',
    ntpServer: (n: number) => `NTP Server ${n}`,
    timeZone: 'Time Zone',
    lastUpdate: 'Last Update',
    clock: 'Device Time',
  },
  enableHelp: 'Synchronise the device clock with the NTP servers',
  sync: 'Sync',
  setTime: 'Set Time',
  deviceClock: 'Device Clock',
  never: 'Never',
  // The module's replies and event log entries (decided: the spec shows none).
  unknownZone: (zone: string) => `Time Zone ${zone} is not a known IANA time zone`,
  badTimestamp: 'Device Time must be unix seconds between 2000 and 2100',
  ntpDisabled: 'NTP is disabled: enable it and save before syncing',
  noServerAnswered: 'No NTP server answered',
  syncedFrom: (server: string, offsetSeconds: number) => `Time synchronised from NTP server ${server} (offset ${offsetSeconds.toFixed(3)} s)`,
  serverFailed: (server: string, reason: string) => `NTP server ${server} failed: ${reason}`,
  timeSetBy: (user: string, from: string, to: string) => `Device time set by ${user}: ${from} → ${to}`,
  sessionsEnded: 'All sessions ended: the device time changed by more than a minute',
  map: 'Time zone map',
  mapHint: 'Click the map to choose the time zone of the nearest city, or search the list.',
} as const;

/** Whitelist Management (002 §2.10, §5.9, §8.2, §8.3): the spec's texts, and the module's own (decided). */
export const whitelistTexts = {
  title: 'Whitelist Management',
  saved: 'Whitelist saved',
  bothEmpty: 'both IPv4 and IPv6 can not be empty at the same time.',
  maxEntries: 'Maximum 20 whitelists',
  atLeastOne: 'Add at least 1 whitelist',
  uploadFailed: (reply: string) => `WhiteList upload failed: ${reply}`,
  fileNotFound: 'Error: File not found.',
  labels: { enable: 'Whitelist', ipv4: 'IPv4', ipv6: 'IPv6', description: 'Description' },
  enabled: 'Enable',
  disabled: 'Disable',
  add: 'Add Whitelist',
  importCsv: 'Import',
  exportCsv: 'Export',
  deleteEntry: 'Delete',
  noEntries: 'No whitelist entries',
  imported: 'Whitelist imported',
  // The module's own replies (decided: the spec shows none).
  selfLockout: (address: string) => `Your address ${address} is not in the whitelist: add it before enabling the whitelist, or you would be shut out`,
  csvHeader: 'ipv4,ipv6,description',
  csvBadHeader: 'The first line must be ipv4,ipv6,description',
  csvBadLine: (line: number, message: string) => `Line ${line}: ${message}`,
  csvNotText: 'The file is not a CSV text file',
  noFile: 'No file uploaded',
} as const;

/** Certificate Management (002 §2.9, §8.2, §8.3): the spec's texts, and the module's own (decided). */
export const certificateTexts = {
  title: 'Certificate Management',
  issuer: 'Issuer',
  subject: 'Subject',
  validity: 'Validity',
  details: 'Details',
  importCert: 'Import',
  generate: 'Generate New Self-Signed Certificate',
  generateCsr: 'Generate CSR',
  exportCert: 'Export',
  generated: 'Generate certificate success',
  uploaded: 'Cert file uploaded',
  fileNotFound: 'Error: File not found.',
  labels: {
    commonName: 'Common Name',
    companyName: 'Company Name',
    city: 'City',
    state: 'State',
    countryCode: 'Country Code',
    validateFrom: 'Valid From',
    expiration: 'Expiration',
    publicKeySize: 'Public Key Size',
    publicKeyType: 'Public Key Type',
    certificateVersion: 'Certificate Version',
    signatureAlgorithm: 'Signature Algorithm',
    serialNumber: 'Serial Number',
  },
  // The module's own replies (decided: the spec shows none).
  afterReboot: 'The new certificate is served after the next reboot',
  noFile: 'No file uploaded',
  noCertificate: 'The file holds no PEM certificate',
  noKey: 'The file holds no PEM private key',
  unparsable: 'The certificate or the private key cannot be read',
  keyMismatch: 'The private key does not match the certificate',
  expired: 'The certificate has expired',
  notYetValid: 'The certificate is not valid yet',
  weakKey: 'The key must be RSA of 2048 bits or more, or EC P-256, P-384 or P-521',
  weakSignature: 'The certificate must be signed with SHA-256 or stronger',
  replacedAtStart: 'The stored HTTPS certificate or key cannot be loaded: a new self-signed certificate is served',
} as const;

/** MQTT (002 §2.8, §4.4, §8): the spec's texts, then the ones decided here (docs/decisions.md, MQTT). */
export const mqttTexts = {
  generalSaved: 'MQTT General Saved',
  userCredentialsSaved: 'MQTT User Credentials Saved',
  sslSaved: 'MQTT SSL/TLS Saved',
  lastWillSaved: 'MQTT Last Will and Testament Saved',
  topicSaved: 'MQTT Topic and Parameter Selection Saved',
  connected: 'Connected',
  disconnected: 'Disconnected',
  checking: 'Checking',
  caUploaded: 'CA file uploaded',
  certUploaded: 'Cert file uploaded',
  keyUploaded: 'Key file uploaded',
  // Decided.
  caUploadFailed: (reply: string) => `CA file upload failed: ${reply}`,
  certUploadFailed: (reply: string) => `Cert file upload failed: ${reply}`,
  keyUploadFailed: (reply: string) => `Key file upload failed: ${reply}`,
  wrongExtension: (extensions: string) => `Only ${extensions} files are accepted`,
  notPem: (what: string) => `The file is not a PEM ${what}`,
  fileTooLarge: 'The file is larger than 64 KB',
  fileExists: 'Uploaded',
  fileMissing: 'Not uploaded',
  noWildcards: (label: string) => `${label} must not contain + or #`,
  status: 'Status',
  refresh: 'Refresh',
  test: 'Test MQTT',
  generate: 'Generate',
  brokerUrl: 'Broker URL',
  testPublished: (topic: string) => `Test message published to ${topic}`,
  testFailed: (reason: string) => `MQTT test failed: ${reason}`,
  notEnabled: 'MQTT is not enabled',
} as const;

/** SNMP (002 §2.7, §8): the spec's texts, then the ones decided here (docs/decisions.md, SNMP). */
export const snmpTexts = {
  saved: 'SNMP config saved',
  fileNotFound: 'Error: File not found.',
  // Decided.
  downloadMib: 'Download MIB File',
  communityRequired: 'Please provide Read Only Community',
} as const;

/** BACnet/IP (001 §8). */
export const bacnetTexts = {
  saved: 'BACnet/IP config saved',
  fileNotFound: 'Error: File not found.',
  // Decided: the spec names the button, not its text.
  downloadEpics: 'Download EPICS File',
} as const;

/** Emergency Mode (002 §2.16, §4.10) to the letter; then decided texts. */
export const emergencyTexts = {
  exporting: 'Emergency mode is exporting. Please stay on the current page',
  exportingLogger: 'Exporting Logger. Please stay on the current page',
  exportFailed: 'Failed to export config',
  diagnosticFailed: 'Failed to download diagnostic file',
  // Decided.
  title: 'Emergency Mode',
  step: (n: number) => `Step ${n}`,
  nextStep: 'Next Step',
  previousStep: 'Previous Step',
  step1Title: 'Export configuration and diagnostic file',
  exportConfig: 'Export Config',
  downloadDiagnostic: 'Download Diagnostic File',
  exported: 'Configuration exported',
  diagnosticDownloaded: 'Diagnostic file downloaded',
  // Step 2: the spec's texts (002 §8.2, §8.3), then the decided ones.
  loadFailed: (id: string) => `Failed to load DataLog${id} from meter`,
  filesDeleted: 'Files deleted',
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
  meterFirmwareUpdate: 'Meter Firmware Update',
  factoryReset: 'Reset to Factory Default',
  moduleReboot: 'Module Reboot',
} as const;

/** Network page (002 §2.2, §5.1, §8.1, §8.2): the spec's texts, then the ones decided here (docs/decisions.md, Network). */
export const networkTexts = {
  saved: 'Network config saved',
  reservedPorts: 'Port 6000, 6566, 6665, 6666, 6667, 6668, 6669 and 6697 are not available for HTTP or HTTPs port.',
  defaultInterfaceWifi: 'Default interface can not be saved as WIFI when WIFI is disable or WIFI mode is not Station.',
  wifiNotReady: 'Wifi is not ready.',
  load8021xFailed: 'Failed to load 8021X Support',
  sshEnabled: 'SSH enabled successfully',
  sshEnableFailed: 'SSH enabled failed',
  connected: 'Connected',
  disconnected: 'Disconnected',
  // Decided.
  defaultInterfaceBridge: 'Default interface must be the bridge or WIFI when the bridge is on',
  defaultInterfaceNoBridge: 'Default interface must be Ethernet 1, Ethernet 2 or WIFI when the bridge is off',
  samePorts: 'HTTP port and HTTPS port must be different',
  portHint: (exception: number, min: number, max: number) => `${exception}, or ${min} to ${max}`,
  auto: 'Auto (DHCP)',
  manual: 'Manual',
  enable: 'Enable',
  disable: 'Disable',
  ap: 'Access Point',
  sta: 'Station',
  interfaceNames: { eth0: 'Ethernet 1', eth1: 'Ethernet 2', wlan0: 'WIFI', br0: 'Bridge' },
  labels: {
    bridge: 'Bridge (RSTP)',
    defaultInterface: 'Default Interface',
    dns1: 'DNS 1',
    dns2: 'DNS 2',
    dhcp: 'IP Mode',
    ip: 'IP Address',
    mask: 'Subnet Mask',
    gateway: 'Gateway',
    wifi: 'WIFI',
    mode: 'Mode',
    apSsid: 'SSID',
    apKey: 'Key',
    apIp: 'IP Address',
    staSsid: 'SSID',
    enterprise: 'Enterprise (802.1X)',
    username: 'Username',
    staKey: 'Key',
    allowHttp: 'Allow HTTP',
    httpPort: 'HTTP Port',
    httpsPort: 'HTTPS Port',
    modbusPort: 'Modbus Port',
    proxy: 'Proxy',
    proxyUrl: 'URL',
    proxyPort: 'Port',
  },
  cards: { ethernet1: 'Ethernet 1', ethernet2: 'Ethernet 2', bridge: 'Ethernet (Bridge)', wifi: 'WIFI', dns: 'DNS', http: 'HTTP', modbus: 'Modbus', proxy: 'Proxy', general: 'General' },
  currentIp: (ip: string) => `Current IP: ${ip || '-'}`,
  wifiStatus: 'Status',
  scan: 'Scan',
  set: 'Set',
  pickSsid: 'Available Networks',
  signal: (dbm: number, level: number) => `${dbm} dBm, signal ${level} of 4`,
  checking8021x: 'Checking 802.1X support…',
  no8021x: 'This network does not support 802.1X',
  enableSsh: 'Enable SSH',
  confirmSsh: 'Are you sure you want to enable SSH?',
  radioOff: 'Wifi is not ready.',
} as const;

/** IPv6 page (002 §2.3, §3.3, §5.2): labels and states decided here (docs/decisions.md, IPv6). */
export const ipv6Texts = {
  saved: 'IPv6 config saved',
  title: 'IPv6',
  state: 'Current IPv6 State',
  interface: 'Interface',
  linkLocal: 'Link-Local Address',
  linkGlobal: 'Global Address',
  statusHeader: 'Status',
  auto: 'Auto',
  manual: 'Manual',
  enabled: 'Enabled',
  disabled: 'Disabled',
  labels: { enable: 'IPv6', isAuto: 'IP Mode', ip: 'IPv6 Address', prefixLength: 'Prefix Length', gateway: 'Gateway', dns1: 'DNS 1', dns2: 'DNS 2' },
  cards: { general: 'IPv6', ethernet1: 'Ethernet 1', ethernet2: 'Ethernet 2', dns: 'DNS' },
} as const;

/** AcuCloud (001 §4, §5, §8): the spec's texts, and the module's own (decided, docs/decisions.md "AcuCloud"). */
export const acuCloudTexts = {
  title: 'AcuCloud',
  settingsTitle: 'AcuCloud settings',
  saved: 'AcuCloud config saved',
  cleared: 'AcuCloud logs cleared',
  clearFailed: 'AcuCloud logs clear failed',
  clearConfirm: 'Are you sure you want to clear AcuCloud logs?',
  addressRule: 'AcuCloud Address must begin with http:// or https://',
  test: 'Test',
  testResult: 'Test Result',
  clearPostLogs: 'Clear Post Logs',
  copy: 'Copy',
  copied: 'Copied',
  edit: 'Edit',
  confirm: 'Confirm',
  reset: 'Reset',
  cloudLink: 'AcuCloud Site',
  health: 'Upload Health',
  labels: { enable: 'AcuCloud', moduleSerialNumber: 'Module Serial Number', acuCloudAddress: 'AcuCloud Address', acuCloudToken: 'AcuCloud Token' },
  tokenHelp: 'The token the cloud gave this meter; kept when left empty',
  /** The module event log's prefix for the uplink's outcomes. */
  event: (reason: string) => `AcuCloud: ${reason}`,
  tokenRefused: (target: string) => `Connected to ${target}: the token was refused`,
} as const;

/** Remote Access (002 §4.3, §8.1, §8.2): the spec's texts, and the module's own (decided, docs/decisions.md "Remote Access"). */
export const remoteAccessTexts = {
  title: 'Remote Access',
  settingsTitle: 'Remote access settings',
  saved: 'Remote access config saved',
  registered: 'Registration success.',
  registerFailed: 'Registration failed.',
  deregistered: 'Deregistration success.',
  deregisterFailed: 'Deregistration failed.',
  rebootHint: 'Please reboot meter to ensure connection',
  register: 'Register',
  deregister: 'Deregister',
  refresh: 'Refresh',
  copy: 'Copy',
  copied: 'Copied',
  status: 'Registration Status',
  accessUrl: 'Access URL',
  statusText: { online: 'online', offline: 'offline', checking: 'checking' },
  registeredYes: 'Registered',
  registeredNo: 'Not registered',
  labels: { enable: 'Remote Access', pingInterval: 'Ping Interval', remoteServerUrl: 'Remote Server URL', registered: 'Registered' },
  urlRule: 'Remote Server URL must begin with http:// or https://',
  notEnabled: 'Remote access is disabled: enable it and save first',
  notRegistered: 'The device is not registered',
  event: (reason: string) => `Remote Access: ${reason}`,
  // Decided: the tunnel's state in words beside the status.
  tunnel: 'Tunnel',
  tunnelText: { off: 'not running', connecting: 'connecting', up: 'connected', down: 'down' },
  noTunnelOffer: (where: string) => `Connected to ${where}: the server's reply carries no tunnel parameters`,
  noHttps: 'the HTTPS server is not listening',
} as const;

/** E-mail (001 §2 "Communication, Email", §8): the spec's texts, then the ones decided here (docs/decisions.md, E-mail). */
export const emailTexts = {
  saved: 'Email config saved',
  testResult: 'Test Result',
  // Decided.
  title: 'Email',
  settingsTitle: 'Email settings',
  enable: 'Enable',
  disable: 'Disable',
  cards: {
    server: 'Server',
    user: 'User',
    recipient: 'Recipient',
    periodic: 'Periodic Email Reporting',
    realTime: 'Real-Time Email Reporting',
  },
  labels: {
    enable: 'SMTP',
    smtpServer: 'SMTP Server',
    smtpPort: 'SMTP Port',
    isTLSSSLOn: 'TLS/SSL',
    smtpFrom: 'From',
    smtpSubject: 'Subject',
    isAuthOn: 'Authentication',
    smtpUserName: 'User Name',
    smtpPassword: 'Password',
    smtpToAddress: (n: number) => `Recipient ${n}`,
    sendStartTime: 'Start Time',
    smtpSendingInterval: 'Sending Interval',
    realTimeSending: 'Real-Time Values',
    energySending: 'Energy',
    alarmSending: 'Alarms',
    demandSending: 'Demand',
    sysEventSending: 'System Events',
    diSending: 'Digital Inputs',
    alarmTriggered: 'Alarm Triggered',
    sysEventTriggered: 'System Event Triggered',
  },
  startTimeHelp: 'YYYY-MM-DD HH:MM, device time',
  badStartTime: (label: string) => `${label} must be a date and time as YYYY-MM-DD HH:MM`,
  test: 'Test',
  testHint: 'The test email uses the saved settings.',
  // testEmail's result text and the module event log: what happened, in words.
  testOk: (to: string, target: string) => `Test email to ${to} accepted by ${target}`,
  disabled: 'SMTP is disabled',
  noRecipient: (n: number) => `Recipient ${n} is empty`,
  // Refused, reset, another protocol or the module's own port: one text (issue 25, outbound guard).
  couldNotConnect: (target: string) => `Could not connect to ${target}`,
  notFound: (host: string) => `Host ${host} not found`,
  timedOut: (target: string, seconds: number) => `No answer from ${target} within ${seconds} s: timed out`,
  authFailed: (target: string) => `Connected to ${target}: authentication failed`,
  tlsFailed: (target: string, reason: string) => `Connected to ${target}: TLS failed: ${reason}`,
  noStartTls: (target: string) => `Connected to ${target}: the server does not offer STARTTLS`,
  rejected: (target: string, reply: string) => `Connected to ${target}: the server refused the mail: ${reply}`,
  failed: (target: string, reason: string) => `Sending to ${target} failed: ${reason}`,
  event: (what: string, reason: string) => `Email ${what}: ${reason}`,
  // The mails (decided: the spec shows none).
  testSubject: (subject: string) => `${subject} (test)`,
  testBody: (serial: string, at: string) => `This is a test email from meter ${serial}, sent at ${at}.`,
  periodicSubject: (subject: string) => `${subject} (report)`,
  realTimeSubject: (subject: string) => `${subject} (event)`,
} as const;

/** Server-hardening replies (issue 14; docs/decisions.md, "Download tickets" and "Full disk"): ours, the spec gives none. */
export const hardeningTexts = {
  notADownload: 'Not a file download',
  storageFull: 'The module storage is full: the change was not saved',
  jsonTooDeep: (levels: number) => `The request body nests deeper than ${levels} levels`,
  badFileName: 'Invalid file name',
  auditLost: (n: number) => `${n} event log ${n === 1 ? 'entry was' : 'entries were'} lost while the module storage was full`,
} as const;

/** Password help on the password screens (issue 14; docs/decisions.md, "Sign-in and passwords"): ours, the spec gives none. */
export const passwordHelpTexts = {
  // The checklist of the policy's rules (002 §5.11), ticked while typing.
  checklistLabel: 'Password rules',
  ruleLength: (n: number) => `At least ${n} characters`,
  ruleUpperLower: 'An upper case and a lower case letter',
  ruleNumberLetter: 'A number and a letter',
  ruleSpecial: 'A special character (@!#%^&*?)',
  ruleMet: 'met',
  ruleNotMet: 'not met',
  // Why 000 §4's default-password prompt asks for a change.
  whyGenerated: 'The module generated this password at its first start and wrote it where whoever installed the module could read it: on the start output and in the data folder.',
  whyGeneratedRisk: 'Anyone who has read it can sign in as admin with every right, so choose a password only you know.',
  whyUnlocked: 'Your password expired and an administrator unlocked your account for this one sign-in: choose a new password to go on.',
} as const;

/** The trend charts' zoom and export controls (issue 14): ours, the spec gives only the chart hint. */
export const chartTexts = {
  back: 'Back',
  resetZoom: 'Reset zoom',
  exportPng: 'Export PNG',
  keyboardHint: 'Keyboard: + and - zoom in and out around the centre, the left and right arrows move the time frame, 0 or Escape resets the zoom.',
  pngTitle: (name: string, from: string, to: string) => `${name}, ${from} – ${to}`,
} as const;

/** E-mail delivery (issue 9; docs/decisions.md "E-mail"): the queue, its health and the untrusted certificate; ours, the spec gives none. */
export const emailDeliveryTexts = {
  health: 'Email Health',
  lastSuccess: 'Last Success',
  lastFailure: 'Last Failure',
  waiting: 'Mails Waiting',
  never: 'Never',
  untrusted: (target: string) => `Connected to ${target}: the server's certificate is not trusted, nothing was sent`,
  queued: (what: string, reason: string) => `Email ${what}: ${reason}; queued, will retry`,
  dropped: (what: string, reason: string) => `Email ${what}: ${reason}; refused for good, the mail is dropped`,
  queueFull: (what: string, max: number) => `Email ${what}: more than ${max} mails waiting, the oldest is dropped`,
  delivered: (what: string, target: string) => `Email ${what}: accepted by ${target}`,
} as const;

/** Empty states (issue 28): why a list or chart is empty; a link to the setting that fills it goes beside. Ours, the spec gives none. */
export const emptyStateTexts = {
  logOff: (name: string) => `${name} is off, so it records no files.`,
  logOn: (name: string) => `${name} is on; its files are listed here as it writes them.`,
  logMaybeOff: (name: string) => `${name} records files only while it is enabled in its settings.`,
  trendNoRecords: 'No records in this time frame.',
  trendHeld: (log: string, from: string, to: string) => `The ${log} holds records from ${from} to ${to}.`,
  trendNoneHeld: (log: string) => `The ${log} holds no records yet.`,
  /** The link's text: where it goes, as the menus name it. */
  settingsLink: (routeName: string) => routeName.split(', ').join(' › '),
} as const;

/** Feedback of the console (issue 14): copy buttons, the age of polled readings, the reconnecting banner. Ours, the spec gives none. */
export const feedbackTexts = {
  copy: 'Copy',
  copied: 'Copied',
  /** What a Copy button copies, where the label beside it does not say. */
  names: { moduleFirmwareVersion: 'Module Firmware Version', meterFirmwareVersion: 'Meter Firmware Version' },
  liveAge: (seconds: number) => `live · updated ${seconds} s ago`,
  staleAge: (seconds: number) => `no new reading · updated ${seconds} s ago`,
  liveWaiting: 'live · waiting for the first reading',
  pausedAge: (seconds: number) => `paused · updated ${seconds} s ago`,
  pause: 'Pause',
  resume: 'Resume',
  /** The trend log file's progress in the toast area while its card is scrolled away (issue 28). */
  trendFileProgress: 'Trend log file',
  unreachable: 'Module unreachable — reconnecting',
} as const;
