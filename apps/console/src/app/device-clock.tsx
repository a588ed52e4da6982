import { useEffect, useState } from 'react';
import { TIMING, type HomePageInfo } from '@meter/contract';
import { deviceNow, formatDeviceTime } from '../lib/device-time.ts';

/** Ticks every second from the device's last answer, shown in the device's time zone (000 §2). */
export function DeviceClock({ info, fetchedAt }: { info: HomePageInfo | undefined; fetchedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), TIMING.clockTickMs);
    return () => clearInterval(t);
  }, []);
  if (!info) return null;
  return (
    <time className="text-light small me-3 font-monospace" aria-label="Device time" title={info.timeZone}>
      {formatDeviceTime(deviceNow(info.currentTime, fetchedAt, now), info.timeZone)}
    </time>
  );
}
