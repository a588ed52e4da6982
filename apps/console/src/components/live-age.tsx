import { useEffect, useState } from 'react';
import { TIMING, feedbackTexts } from '@meter/contract';

/** Older than this many poll intervals, the readings are no longer live. */
const STALE_INTERVALS = 2;

/** Whole seconds since the last good reply, and whether that is too long (pure: tested). */
export function liveAge(updatedAt: number, now: number, intervalMs: number): { seconds: number; stale: boolean } | undefined {
  if (updatedAt <= 0) return undefined;
  const ms = Math.max(0, now - updatedAt);
  return { seconds: Math.floor(ms / 1000), stale: ms > STALE_INTERVALS * intervalMs };
}

/**
 * "live · updated n s ago" beside a polled table (issue 14), fed by the query's `dataUpdatedAt`
 * (a failed poll keeps it, so the age grows). It ticks on its own: the table does not re-render
 * each second. Not a live region: a screen reader would hear it every second.
 */
export function LiveAge({ updatedAt, intervalMs = TIMING.readingsRefreshMs }: { updatedAt: number; intervalMs?: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIMING.clockTickMs);
    return () => clearInterval(timer);
  }, []);
  const age = liveAge(updatedAt, Math.max(now, updatedAt), intervalMs);
  const text = !age ? feedbackTexts.liveWaiting : age.stale ? feedbackTexts.staleAge(age.seconds) : feedbackTexts.liveAge(age.seconds);
  return <span className={`small text-nowrap tabular-nums ${age?.stale ? 'text-warning-emphasis fw-semibold' : 'text-body-secondary'}`}>{text}</span>;
}
