/** Login (000 §2, §4, §8): User Name, Password, Sign In and SSL Certificate. */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PASSWORD_CHANGE_PATH, TIMING, displayName, flowTexts, requestMessages, routeByName, rules, signInTexts, type LoginBody } from '@meter/contract';
import { PasswordReveal } from '../../components/password-reveal.tsx';
import { clearFailureAlerts } from '../../lib/alerts.ts';
import { ApiError, download, presentFailure } from '../../lib/api.ts';
import { calls } from '../../lib/endpoint-table.ts';
import { sessionStore, setSession, sessionFromReply, shareSession } from '../../lib/session.ts';
import { NEXT_PARAM, type LoginState } from '../../lib/navigation.ts';
import { rebootStore } from '../../lib/reboot-state.ts';
import { useStore } from '../../lib/use-store.ts';
import { FIRMWARE_UPDATED_KEY } from '../../lib/storage-keys.ts';
import { useSignIn } from './api/use-sign-in.ts';
import { loginFailure } from './login-error.ts';
import { useLoginEntry } from './use-login-entry.ts';

const MAIN_PATH = '/';
/** A path of this console to go to after sign-in; anything else (another origin, Login itself) goes to Main. */
function nextPath(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return MAIN_PATH;
  // Change Password is where a held session waits, not a page asked for: the one it kept is.
  if (raw.startsWith(PASSWORD_CHANGE_PATH)) return nextPath(new URLSearchParams(raw.split('?')[1] ?? '').get(NEXT_PARAM));
  return raw;
}

/** Seconds left of a lockout, counted down once a second (the module's Retry-After). */
function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [left]);
  return [
    left,
    (seconds) => {
      setNow(Date.now());
      setUntil(Date.now() + seconds * 1000);
    },
  ];
}
/**
 * Focuses the field once the page has painted. React's autoFocus focuses it in the first render's
 * commit, which forces the style and layout of the whole page (all of Bootstrap's rules) inside
 * that task: the longest task of /login's first load at a phone's CPU speed.
 */
function useFocusAfterPaint(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) ref.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ref]);
}

const TITLE = displayName(routeByName('Login'));
const REQUIRED_USER = rules.required('User Name');
const REQUIRED_PASSWORD = rules.required('Password');

export default function Login() {
  useLoginEntry();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [lockedFor, lockFor] = useCountdown();
  const next = nextPath(params.get(NEXT_PARAM));
  const handedName = (useLocation().state as LoginState | null)?.userName ?? '';
  // With the name filled in, the password is what is left to type.
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useFocusAfterPaint(handedName ? passwordRef : userNameRef);
  // Another tab's session arriving (shared, or signed in there) opens the page asked for here too.
  useEffect(() => sessionStore.subscribe(() => void (sessionStore.get() && navigate(next, { replace: true }))), [navigate, next]);
  // loginBody's rules (both required), checked here without its zod schema or a form library:
  // Login is all the first load carries (bench: the login route's JS budget).
  const [values, setValues] = useState<LoginBody>({ username: handedName, password: '' });
  // Handed over after this page was already open (a redirect got here first): taken all the same.
  const [handedSeen, setHandedSeen] = useState(handedName);
  if (handedSeen !== handedName) {
    setHandedSeen(handedName);
    if (handedName && !values.username) setValues({ ...values, username: handedName });
  }
  const [errors, setErrors] = useState<Partial<Record<keyof LoginBody, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [attemptsLeft, setAttemptsLeft] = useState<number | undefined>();
  const check = (v: LoginBody) => ({ username: REQUIRED_USER(v.username), password: REQUIRED_PASSWORD(v.password) });
  const field = (name: keyof LoginBody) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      // Once a submit has shown a message, it follows the typing (as the other forms do).
      if (errors[name] !== undefined) setErrors({ ...errors, [name]: check(next)[name] });
    },
  });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    setAttemptsLeft(undefined);
    let reply;
    try {
      reply = await signIn.mutateAsync(values);
    } catch (err) {
      if (err instanceof ApiError && !err.aborted) {
        presentFailure(loginFailure(err.status, err.value));
        if (err.retryAfterSeconds) lockFor(err.retryAfterSeconds);
        setAttemptsLeft(err.attemptsLeft);
      }
      return;
    } finally {
      setSubmitting(false);
    }
    // The failures of the attempts before this one are over (issue 28).
    clearFailureAlerts();
    setAttemptsLeft(undefined);
    setSession(sessionFromReply(reply));
    shareSession();
    // After a firmware update the browser may still hold the old console: reloads fetch the new one
    // (000 §4). Otherwise the page asked for opens at once, without a reload (issue 14).
    if (localStorage.getItem(FIRMWARE_UPDATED_KEY) === 'true') {
      localStorage.removeItem(FIRMWARE_UPDATED_KEY);
      await navigate(MAIN_PATH, { replace: true });
      window.location.reload();
      setTimeout(() => window.location.reload(), TIMING.firmwareReloadDelayMs);
      return;
    }
    await navigate(next, { replace: true });
  };

  const busy = submitting || signIn.isPending;
  // 000 §2: the reboot parameter shows a reboot wait; the form returns when the module answers.
  const rebootWait = useStore(rebootStore).phase === 'waiting';
  const invalid = (name: keyof LoginBody) => (errors[name] ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `login-${name}-error` } : {});

  return (
    <main className="d-flex justify-content-center align-items-center bg-body-tertiary" style={{ minHeight: '100vh' }}>
      <Card style={{ width: 'min(400px, 95vw)' }} className="shadow-sm">
        <Card.Body>
          <h1 className="h4 mb-4 text-center">{TITLE}</h1>
          {rebootWait && (
            <p className="text-center my-4">
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {flowTexts.rebootWait}
            </p>
          )}
          <Form noValidate hidden={rebootWait} onSubmit={(e) => void onSubmit(e)}>
            <Form.Group className="mb-3" controlId="login-username">
              <Form.Label>User Name</Form.Label>
              <Form.Control ref={userNameRef} autoComplete="username" {...invalid('username')} {...field('username')} />
              <Form.Control.Feedback type="invalid" id="login-username-error">
                {errors.username}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-4" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <PasswordReveal
                inputId="login-password"
                input={(type) => <Form.Control ref={passwordRef} type={type} autoComplete="current-password" {...invalid('password')} {...field('password')} />}
                after={
                  <Form.Control.Feedback type="invalid" id="login-password-error">
                    {errors.password}
                  </Form.Control.Feedback>
                }
              />
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" variant="primary" className="flex-grow-1" disabled={busy || lockedFor > 0}>
                {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Sign In
              </Button>
              <Button
                type="button"
                variant="outline-secondary"
                onClick={() => void download(calls.certificate.path, { token: null, failureMessage: requestMessages.certificateNotFound })}
              >
                SSL Certificate
              </Button>
            </div>
            {/* Ours, under the spec's refusal: it stays while the alert fades. */}
            <p className="small text-body-secondary mt-3 mb-0" role="status">
              {attemptsLeft !== undefined ? signInTexts.attemptsLeft(attemptsLeft) : ''}
            </p>
            {/* Ours: the spec's locked text names a fixed 10 s; this counts the module's real wait. */}
            <p className="small text-body-secondary mt-1 mb-0" role="timer">
              {lockedFor > 0 ? flowTexts.lockCountdown(lockedFor) : ''}
            </p>
          </Form>
        </Card.Body>
      </Card>
    </main>
  );
}
