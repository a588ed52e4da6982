/**
 * What the user does, as the module's session timeout counts it (issue 28; docs/decisions/users-first-day-password-change-and-session-timeout.md,
 * "Session timeout"). A key or a pointer button pressed in the page marks activity; the next call
 * to the module carries it (the user-activity header '1') and restarts the session's inactivity
 * clock there. Every other call says '0': the console's background polling never keeps a session
 * alive. Pointer moves and scrolling do not count (a mouse nudged by accident is nobody at work).
 */
let pending = false;

if (typeof window !== 'undefined') {
  const mark = () => {
    pending = true;
  };
  window.addEventListener('pointerdown', mark, { capture: true, passive: true });
  window.addEventListener('keydown', mark, { capture: true, passive: true });
}

/** Whether the user did something since the last call that said so; the mark is spent. */
export function takeUserActivity(): boolean {
  const was = pending;
  pending = false;
  return was;
}

/** Whether the user did something the module has not been told of yet. */
export const userActivityPending = (): boolean => pending;

/** When the session's inactivity timeout ends (Date.now() time) while its warning shows; null otherwise. */
let warnedEnd: number | null = null;

/** The session timeout's warning is up until `at` (null: it is not). */
export function setWarnedSessionEnd(at: number | null): void {
  warnedEnd = at;
}

/**
 * Whether a 401 now is the warned end of the session (a poll may meet it before the warning's own
 * timer does): the request helper then tells the user why, not just "Unauthorized".
 */
export const warnedSessionEnded = (): boolean => warnedEnd !== null && Date.now() >= warnedEnd - 1000;
