import { useCallback } from 'react';
import { useHomePageInfo } from '../../lib/device.ts';
import { deviceNow } from '../../lib/device-time.ts';

/**
 * The device's zone and clock (000 §2 top bar answer): presets and date limits follow the
 * device's time, not the browser's (001 §5).
 */
export function useDeviceClock() {
  const info = useHomePageInfo();
  const { data, dataUpdatedAt } = info;
  const nowSeconds = useCallback(() => (data ? deviceNow(data.currentTime, dataUpdatedAt, Date.now()) : Math.floor(Date.now() / 1000)), [data, dataUpdatedAt]);
  return { ready: !info.isPending, zone: data?.timeZone ?? 'UTC', nowSeconds };
}
