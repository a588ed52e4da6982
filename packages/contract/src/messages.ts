/**
 * The shared message catalogue: the form messages of 000 §5 and the shell's and requests' texts
 * (shell-messages.ts, re-exported here), the module's generic replies and the texts shared
 * components read (the section form's meter-settings texts, every password field's help, the
 * charts, empty states and feedback) or a lazily loaded part reads apart from its screen (the time
 * zone map's date and time texts): one zod-free module, loaded with the signed-in frame. Each
 * area's own texts are in its file (or its zod-free texts.ts) under areas/. Texts are the spec's, to the
 * letter (including its spelling). Form messages (000 §5) take the field label, or 'This field'
 * when the field has none.
 */
export * from './shell-messages.ts';

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
  // Decided (docs/decisions/users-passwords-and-lockout.md): what no one may do through the API.
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

/**
 * Meter settings (001 §8) to the letter ('Nothing to save.' is shellTexts.nothingToSave); then
 * texts the spec does not show, decided here in the catalogue's voice (see docs/decisions/meter-settings-rules.md).
 */
export const meterSettingsTexts = {
  saved: 'Meter config saved',
  sealStatusChanged: 'Seal Status Changed',
  refreshWebpage: 'Please refresh webpage.',
  passwordUpdated: 'Password updated',
  currentPasswordIncorrect: serverMessages.currentPasswordIncorrect,
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

/** Password help on the password screens (issue 14; docs/decisions/users-sign-in-page-and-password-help.md, "Sign-in and passwords"): ours, the spec gives none. */
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

/** Server-hardening replies (issue 14; docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Download tickets" and "Full disk"): ours, the spec gives none. */
export const hardeningTexts = {
  notADownload: 'Not a file download',
  storageFull: 'The module storage is full: the change was not saved',
  jsonTooDeep: (levels: number) => `The request body nests deeper than ${levels} levels`,
  badFileName: 'Invalid file name',
  auditLost: (n: number) => `${n} event log ${n === 1 ? 'entry was' : 'entries were'} lost while the module storage was full`,
} as const;

/** The trend charts' zoom and export controls (issue 14): ours, the spec gives only the chart hint. */
export const chartTexts = {
  back: 'Back',
  resetZoom: 'Reset zoom',
  exportPng: 'Export PNG',
  keyboardHint: 'Keyboard: + and - zoom in and out around the centre, the left and right arrows move the time frame, 0 or Escape resets the zoom.',
  pngTitle: (name: string, from: string, to: string) => `${name}, ${from} – ${to}`,
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
