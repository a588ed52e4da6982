import { useHomePageInfo } from '../../lib/device.ts';

/** Log times are shown in the device's time zone (UTC until the top bar's first answer). */
export const useDeviceZone = (): string => useHomePageInfo().data?.timeZone ?? 'UTC';
