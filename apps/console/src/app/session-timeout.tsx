/**
 * The session timeout, seen from the console (issue 28; docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session timeout"). The
 * module ends a session after the password policy's sessionTimeout without the user's activity
 * (002 §4.11); the console's polls do not count. This asks the module how long is left (asking is
 * no activity either), warns a minute before the end with "Stay signed in" (one user action that
 * extends the session), and at the end returns to Login with the page remembered. Several tabs
 * share one session: each asks before it warns, so activity in another tab counts.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { USER_ACTIVITY_HEADER, sessionTimeoutTexts } from '@meter/contract';
import { showAlert } from '../lib/alerts.ts';
import { ApiError } from '../lib/api.ts';
import { callNamed } from '../lib/endpoint-table.ts';
import { LOGIN_PATH, LOGOUT_PARAM, NEXT_PARAM } from '../lib/navigation.ts';
import { isRebooting } from '../lib/reboot-state.ts';
import { getSession } from '../lib/session.ts';
import { setWarnedSessionEnd } from '../lib/user-activity.ts';

/** The shortest wait between two questions (the end may be a few milliseconds off). */
const MIN_CHECK_MS = 250;
/** Without a timeout (sessionTimeout 0), the setting may still change: asked again after this. */
const NO_TIMEOUT_CHECK_MS = 60_000;
/** No answer (the module restarting, the network away): asked again after this. */
const RETRY_CHECK_MS = 15_000;

export function SessionTimeout() {
  const navigate = useNavigate();
  /** When the session ends (Date.now() time) while the warning shows; null: no warning. */
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const ask = useRef<(stay: boolean) => Promise<void>>(async () => {});

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void run(false), Math.max(MIN_CHECK_MS, ms));
    };
    const ended = () => {
      setEndsAt(null);
      setWarnedSessionEnd(null);
      showAlert({ type: 'warning', message: sessionTimeoutTexts.ended });
      // Login's entry clears the stored user; signing in again comes back here.
      void navigate(`${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(window.location.pathname + window.location.search)}`, { replace: true });
    };
    const run = async (stay: boolean) => {
      let status;
      try {
        status = await callNamed('sessionStatus', {
          persistent: true,
          redirectOn401: false,
          suppress: true,
          // "Stay signed in" is the user's doing; the other questions are not, unless the user
          // pressed something since the last call (the request helper says so then).
          headers: stay ? { [USER_ACTIVITY_HEADER]: '1' } : undefined,
        });
      } catch (e) {
        if (stopped) return;
        // A reboot ends every session and leads to Login by itself.
        // A session the console let go of itself (a time change) is on its way to Login already.
        if (e instanceof ApiError && e.status === 401 && !isRebooting()) return getSession() === null ? undefined : ended();
        return later(RETRY_CHECK_MS);
      }
      if (stopped) return;
      if (status.timeoutSeconds === 0) {
        setEndsAt(null);
        return later(NO_TIMEOUT_CHECK_MS);
      }
      const remainingMs = status.remainingSeconds * 1000;
      const warningMs = status.warningSeconds * 1000;
      if (remainingMs > warningMs) {
        setEndsAt(null);
        setWarnedSessionEnd(null);
        return later(remainingMs - warningMs);
      }
      setNow(Date.now());
      setEndsAt(Date.now() + remainingMs);
      setWarnedSessionEnd(Date.now() + remainingMs);
      later(remainingMs);
    };
    ask.current = run;
    void run(false);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [navigate]);

  const warning = endsAt !== null;
  useEffect(() => {
    if (!warning) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [warning]);

  const stay = async () => {
    setStaying(true);
    try {
      await ask.current(true);
    } finally {
      setStaying(false);
    }
  };
  const seconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <Modal show={warning} backdrop="static" keyboard={false} centered aria-labelledby="session-timeout-title">
      <Modal.Header>
        <Modal.Title id="session-timeout-title" as="h2" className="h5">
          {sessionTimeoutTexts.warningTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0" role="timer">
          {sessionTimeoutTexts.warning(seconds)}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => void navigate(`${LOGIN_PATH}?${LOGOUT_PARAM}=1`, { replace: true })}>
          {sessionTimeoutTexts.signOut}
        </Button>
        <Button variant="primary" disabled={staying} onClick={() => void stay()}>
          {sessionTimeoutTexts.staySignedIn}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
