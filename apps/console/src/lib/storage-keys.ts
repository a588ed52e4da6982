/** Browser storage keys shared by screens that never import each other. */
export const SESSION_USER_KEY = 'user';
/** Set by the firmware update page; the next sign-in reloads twice to pick up the new console. */
export const FIRMWARE_UPDATED_KEY = 'firmwareUpdated';
/** The colour mode chosen in the user menu ('light' | 'dark'); absent: follow the system. */
export const COLOR_MODE_KEY = 'colorMode';
