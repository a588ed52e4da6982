/**
 * The texts the first load needs (Login, the shell's alerts, the form rules Login checks): kept
 * apart from the rest of the catalogue so that the login route carries only these. The catalogue
 * (messages.ts) re-exports them; import from there.
 */

export const DEFAULT_LABEL = 'This field';

/** 000 §5, "Form field messages". The spec shows the message after the label: "{label} must be ...". */
export const formMessages = {
  required: (label = DEFAULT_LABEL) => `Please provide ${label}`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters`,
  maxLength: (label: string, n: number) => `${label} cannot exceed ${n} characters`,
  decimal: (label: string) => `${label} must be a decimal`,
  maxDecimalPlace: (label: string, n: number) => `${label} cannot exceed ${n} decimal(s)`,
  numeric: (label: string) => `${label} must be contain only number 0-9`,
  integer: (label: string) => `${label} must be an integer`,
  alphaNum: (label: string) => `${label} must be numeric or alphabet only`,
  alphaNumSpace: (label: string) => `${label} numeric, alphabet or spaces only`,
  minValue: (label: string, n: number) => `${label} cannot be smaller than ${n}`,
  email: (label: string) => `${label} must be a valid email`,
  domain: (label: string) => `${label} must be a valid domain`,
  between: (label: string, x: number | string, y: number | string) => `${label} must be between ${x} and ${y}`,
  betweenException: (label: string, e: number | string, x: number | string, y: number | string) => `${label} must be ${e}, or between ${x} and ${y}`,
  ipAddress: (label: string) => `${label} must be a valid IP address`,
  ipOrDomain: (label: string) => `${label} valid IP address or domain`,
  noSpace: (label: string) => `${label} cannot contain spaces`,
  hex: (label: string) => `${label} valid hex value (only 0-9 and a-f)`,
  multipleLength: (label: string, n: number) => `${label} length must be a multiple of ${n}`,
  allNum: (label: string) => `${label} must be positive or negative number`,
  isFloat: (label: string, n: number) => `${label} must be corrected to ${n} decimal place(s)`,
  notStartWith: (label: string, x: string) => `${label} can not start with ${x}`,
  checkboxGroupRequired: () => 'Please select at lease one',
  checkboxMinSelection: (n: number) => `Select at least ${n}`,
} as const;

/**
 * Messages of the named rules whose texts the spec does not show (000 §5 "Their messages are not
 * shown"). Decided here, in the catalogue's voice; see docs/decisions/contract-messages-and-rules.md.
 */
export const namedRuleMessages = {
  greaterThan: (label: string, other: string | number) => `${label} must be greater than ${other}`,
  greaterOrEqual: (label: string, other: string | number) => `${label} must be greater than or equal to ${other}`,
  lessThan: (label: string, other: string | number) => `${label} must be less than ${other}`,
  lessOrEqual: (label: string, other: string | number) => `${label} must be less than or equal to ${other}`,
  hexBetween: (label: string, x: string, y: string) => `${label} must be a hex value between ${x} and ${y}`,
  hasAlpha: (label: string) => `${label} must contain at least one letter`,
  hasNum: (label: string) => `${label} must contain at least one number`,
  isMultipleOf: (label: string, base: number) => `${label} must be a multiple of ${base}`,
  isMultipleOfException: (label: string, base: number, e: number) => `${label} must be ${e}, or a multiple of ${base}`,
  isIntOrFloat: (label: string, min: number, max: number) => `${label} must be an integer or a number with ${min} to ${max} decimal place(s)`,
  needUppercase: (label: string) => `${label} must contain an uppercase letter`,
  needLowercase: (label: string) => `${label} must contain a lowercase letter`,
  needSpecialCharacter: (label: string) => `${label} must contain a special character (@!#%^&*?)`,
  ipv4: (label: string) => `${label} must be a valid IPv4 address`,
  ipv4Port: (label: string) => `${label} must be a valid IPv4 address with an optional port`,
  ipv6: (label: string) => `${label} must be a valid IPv6 address`,
  url: (label: string) => `${label} must be a valid URL`,
  httpUrl: (label: string) => `${label} must begin with http:// or https://`,
  ftpUrl: (label: string) => `${label} must begin with ftp://`,
  sftpUrl: (label: string) => `${label} must begin with sftp://`,
  unique: (label: string) => `${label} must be unique`,
  oneOf: (label: string) => `${label} must be one of the listed options`,
  boolean: (label: string) => `${label} must be true or false`,
  string: (label: string) => `${label} must be text`,
  unknownField: (name: string) => `Unknown field ${name}`,
  passwordsDoNotMatch: () => 'Passwords do not match',
} as const;

/** Texts of the shell (000 §2, §4). */
export const shellTexts = {
  pageNotFound: 'Page Not Found',
  noData: 'No Data',
  rebooting: 'Rebooting',
  moduleWillRestartIn: 'Module will restart in',
  actionRequired: 'Action Required',
  rebootNow: 'Do you want to reboot the module now?',
  reboot: 'Reboot',
  rebootLater: 'Reboot Later',
  rebootLaterHint: 'You can reboot the module later from the Settings->Management page.',
  unsavedTitle: 'You have unsaved change',
  unsavedBody: 'Unsaved changes will be lost, continue?',
  yesContinue: 'Yes, continue',
  cancel: 'Cancel',
  ok: 'OK',
  confirmation: 'Confirmation',
  defaultPasswordAdmin: 'You are using default password. Click continue to change your password.',
  defaultPasswordOther: 'You are using default password. Contact admin to change password',
  nothingToSave: 'Nothing to save.',
  noChangeToSave: 'No change to save',
  pleaseSelectChannel: 'Please select channel',
  copied: 'Copied',
  /** 000 §8 "Internal": a status timer set twice without being cleared. */
  intervalNotCleared: 'Interval Not Cleared',
  timeoutNotCleared: 'Timeout Not Cleared',
} as const;

/** 000 §8, the generic catalogue of the request helper. */
export const requestMessages = {
  badRequest: 'An error has occurred.',
  unauthorized: 'Error: Unauthorized, please sign in.',
  notFound: 'No data available',
  locked: 'Account locked',
  serverError: 'Server crashed',
  webServerDown: 'Network Error: Web server down.',
  otherStatus: (status: number) => `Code ${status} error has occurred`,
  network: 'Network Error: Please check your internet connection.',
  fileNotFound: 'Error: File not found',
  certificateNotFound: 'Error: File not found.',
} as const;

/** Sign-in (000 §8 specific). */
export const loginMessages = {
  accountLocked: 'Error: Account has been locked, please try again in 10 seconds.',
  incorrect: 'Error: Incorrect username/password.',
  /** Marker the console looks for in the 401 reply text (000 §8). */
  lockedMarker: 'locked by administrator',
} as const;

/** Feedback and flows (issue 14; docs/decisions/console-feedback-and-flows.md, "Feedback and flows"): ours, the spec gives none. */
export const flowTexts = {
  lockCountdown: (seconds: number) => `Sign-in locked: try again in ${seconds} s`,
  skipToContent: 'Skip to main content',
  /** Ours (issue 28): Login's reboot wait, until the system mode answers again. */
  rebootWait: 'Waiting for the module to come back…',
  /** The I/O screen's relay table, and the title of its switch confirmation. */
  relayOutput: 'Relay Output',
  relayConfirm: (relay: string, state: string) => `Switch ${relay} ${state}? Equipment wired to it will follow.`,
  relaySwitch: (state: string) => `Switch ${state}`,
} as const;

/** Sign-in and password help (issue 14; docs/decisions/users-sign-in-page-and-password-help.md, "Sign-in and passwords"): ours, the spec gives none. */
export const signInTexts = {
  attemptsLeft: (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'} left before the account is locked.`,
  // The show / hide button of password inputs; the hidden word completes its name ("Show password").
  show: 'Show',
  hide: 'Hide',
  passwordWord: 'password',
} as const;

/** Ours (issue 28): the session timeout's warning and end (docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session timeout"). */
export const sessionTimeoutTexts = {
  warningTitle: 'Session about to end',
  warning: (seconds: number) => `You have done nothing for a while. Your session ends in ${seconds} s.`,
  staySignedIn: 'Stay signed in',
  signOut: 'Sign out',
  ended: 'Your session ended after a time without activity. Sign in again to go on.',
} as const;
