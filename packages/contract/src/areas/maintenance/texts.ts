/**
 * Management and Debug Diagnostic texts (002 §2.11, §2.12, §8), zod-free: the screens read them without the schemas.
 */

const DEBUG_DIAGNOSTIC = 'Debug Diagnostic';

/**
 * Settings › Management and Debug Diagnostic (002 §2.11, §2.12, §4.6, §8) to the letter; then texts
 * the spec does not show, decided here in the catalogue's voice (see docs/decisions/maintenance-resets-factory-reset-ssh.md).
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
  debugTitle: DEBUG_DIAGNOSTIC,
  resetDemand: 'Reset Demand',
  resetEnergy: 'Reset Energy',
  resetAlarm: 'Reset Alarm Record',
  moduleReboot: 'Module Reboot',
  resetRunTime: 'Device Run Time Reset',
  factoryReset: 'Factory Reset',
  ssh: 'SSH',
  debugDiagnostic: DEBUG_DIAGNOSTIC,
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
