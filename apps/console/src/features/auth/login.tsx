/** Login (000 §2, §4, §8): User Name, Password, Sign In and SSL Certificate. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { TIMING, displayName, requestMessages, routeByName, rules, type LoginBody } from '@meter/contract';
import { ApiError, download, presentFailure } from '../../lib/api.ts';
import { SHELL_CALLS } from '../../lib/endpoint-table.ts';
import { setSession, sessionFromReply } from '../../lib/session.ts';
import { FIRMWARE_UPDATED_KEY } from '../../lib/storage-keys.ts';
import { useSignIn } from './api/use-sign-in.ts';
import { loginFailure } from './login-error.ts';
import { useLoginEntry } from './use-login-entry.ts';

const MAIN_PATH = '/';
const TITLE = displayName(routeByName('Login'));
const REQUIRED_USER = rules.required('User Name');
const REQUIRED_PASSWORD = rules.required('Password');

export default function Login() {
  useLoginEntry();
  const navigate = useNavigate();
  const signIn = useSignIn();
  // loginBody's rules (both required), checked here without its zod schema or a form library:
  // Login is all the first load carries (bench: the login route's JS budget).
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginBody, string>>>({});
  const [submitting, setSubmitting] = useState(false);
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
    let reply;
    try {
      reply = await signIn.mutateAsync(values);
    } catch (err) {
      if (err instanceof ApiError && !err.aborted) presentFailure(loginFailure(err.status, err.value));
      return;
    } finally {
      setSubmitting(false);
    }
    setSession(sessionFromReply(reply));
    await navigate(MAIN_PATH, { replace: true });
    window.location.reload();
    // After a firmware update the browser may still hold the old console; a second reload fetches the new one.
    if (localStorage.getItem(FIRMWARE_UPDATED_KEY) === 'true') {
      localStorage.removeItem(FIRMWARE_UPDATED_KEY);
      setTimeout(() => window.location.reload(), TIMING.firmwareReloadDelayMs);
    }
  };

  const busy = submitting || signIn.isPending;

  return (
    <main className="d-flex justify-content-center align-items-center bg-body-tertiary" style={{ minHeight: '100vh' }}>
      <Card style={{ width: 'min(400px, 95vw)' }} className="shadow-sm">
        <Card.Body>
          <h1 className="h4 mb-4 text-center">{TITLE}</h1>
          <Form noValidate onSubmit={(e) => void onSubmit(e)}>
            <Form.Group className="mb-3" controlId="login-username">
              <Form.Label>User Name</Form.Label>
              <Form.Control autoComplete="username" autoFocus isInvalid={!!errors.username} {...field('username')} />
              <Form.Control.Feedback type="invalid">{errors.username}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-4" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control type="password" autoComplete="current-password" isInvalid={!!errors.password} {...field('password')} />
              <Form.Control.Feedback type="invalid">{errors.password}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" variant="primary" className="flex-grow-1" disabled={busy}>
                {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Sign In
              </Button>
              <Button
                type="button"
                variant="outline-secondary"
                onClick={() => void download(SHELL_CALLS.certificate.path, { token: null, failureMessage: requestMessages.certificateNotFound })}
              >
                SSL Certificate
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </main>
  );
}
