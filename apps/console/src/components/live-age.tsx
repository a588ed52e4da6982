import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
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
 * With `onPausedChange` it carries a Pause / Resume button (issue 28, the trend charts that follow
 * the live data); paused, the age is no longer a warning.
 */
export function LiveAge({
  updatedAt,
  intervalMs = TIMING.readingsRefreshMs,
  paused = false,
  onPausedChange,
}: {
  updatedAt: number;
  intervalMs?: number;
  paused?: boolean;
  onPausedChange?: (paused: boolean) => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIMING.clockTickMs);
    return () => clearInterval(timer);
  }, []);
  const age = liveAge(updatedAt, Math.max(now, updatedAt), intervalMs);
  const stale = !paused && age?.stale;
  const text = !age ? feedbackTexts.liveWaiting : paused ? feedbackTexts.pausedAge(age.seconds) : age.stale ? feedbackTexts.staleAge(age.seconds) : feedbackTexts.liveAge(age.seconds);
  const badge = <span className={`small text-nowrap tabular-nums ${stale ? 'text-warning-emphasis fw-semibold' : 'text-body-secondary'}`}>{text}</span>;
  if (!onPausedChange) return badge;
  return (
    <span className="d-inline-flex align-items-center gap-2">
      {badge}
      <Button size="sm" variant="outline-secondary" className="py-0" onClick={() => onPausedChange(!paused)}>
        {paused ? feedbackTexts.resume : feedbackTexts.pause}
      </Button>
    </span>
  );
}
