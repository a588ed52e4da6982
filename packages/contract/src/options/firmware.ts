/** Firmware auto update and the firmware server (000 §3, 002 §3.14, §9.4). */

/** checkStat (000 §3): 0 off, 1 critical updates only, 2 every newer version. */
export const AUTO_UPDATE_CHECK_STAT_OPTIONS = [
  { value: 0, label: 'Disable' },
  { value: 1, label: 'Critical Update Only (recommended)' },
  { value: 2, label: 'Automatically Keep Firmware to Latest Version' },
] as const;
export const AUTO_UPDATE_OFF = 0;
export const AUTO_UPDATE_CRITICAL = 1;
export const AUTO_UPDATE_LATEST = 2;

function hourLabel(hour: number): string {
  if (hour === 24) return '12:00 pm'; // 000 §3: the last window ends '12:00 pm', spelt so.
  if (hour < 12) return `${hour}:00 am`;
  return `${hour === 12 ? 12 : hour - 12}:00 pm`;
}

/** checkTime (000 §3, 002 §9.4): 24 one-hour windows, '0:00 am ~ 1:00 am' through '11:00 pm ~ 12:00 pm'. */
export const AUTO_UPDATE_CHECK_TIME_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${hourLabel(h)} ~ ${hourLabel(h + 1)}` }));

/** Polling of the download and the update log (002 §9.4). */
export const FIRMWARE_POLL_MS = 3000;

/** What isFirmwareComplete answers (002 §7.6). */
export const FIRMWARE_COMPLETE = 'yes';
export const FIRMWARE_INCOMPLETE = 'no';
