/** Login (000 §2, §4, §8): User Name, Password, Sign In and SSL Certificate. */
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { TIMING, displayName, endpoints, loginBody, requestMessages, routeByName, type LoginBody } from '@meter/contract';
import { ApiError, download, presentFailure } from '../../lib/api.ts';
import { setSession, sessionFromReply } from '../../lib/session.ts';
import { FIRMWARE_UPDATED_KEY } from '../../lib/storage-keys.ts';
import { useSignIn } from './api/use-sign-in.ts';
import { loginFailure } from './login-error.ts';
import { useLoginEntry } from './use-login-entry.ts';

const MAIN_PATH = '/';
const TITLE = displayName(routeByName('Login'));

export default function Login() {
  useLoginEntry();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { username: '', password: '' } satisfies LoginBody,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    let reply;
    try {
      reply = await signIn.mutateAsync(values);
    } catch (e) {
      if (e instanceof ApiError && !e.aborted) presentFailure(loginFailure(e.status, e.value));
      return;
    }
    setSession(sessionFromReply(reply));
    await navigate(MAIN_PATH, { replace: true });
    window.location.reload();
    // After a firmware update the browser may still hold the old console; a second reload fetches the new one.
    if (localStorage.getItem(FIRMWARE_UPDATED_KEY) === 'true') {
      localStorage.removeItem(FIRMWARE_UPDATED_KEY);
      setTimeout(() => window.location.reload(), TIMING.firmwareReloadDelayMs);
    }
  });

  const busy = formState.isSubmitting || signIn.isPending;

  return (
    <main className="d-flex justify-content-center align-items-center bg-body-tertiary" style={{ minHeight: '100vh' }}>
      <Card style={{ width: 'min(400px, 95vw)' }} className="shadow-sm">
        <Card.Body>
          <h1 className="h4 mb-4 text-center">{TITLE}</h1>
          <Form noValidate onSubmit={onSubmit}>
            <Form.Group className="mb-3" controlId="login-username">
              <Form.Label>User Name</Form.Label>
              <Form.Control autoComplete="username" autoFocus isInvalid={!!errors.username} {...register('username')} />
              <Form.Control.Feedback type="invalid">{errors.username?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-4" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control type="password" autoComplete="current-password" isInvalid={!!errors.password} {...register('password')} />
              <Form.Control.Feedback type="invalid">{errors.password?.message}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" variant="primary" className="flex-grow-1" disabled={busy}>
                {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Sign In
              </Button>
              <Button
                type="button"
                variant="outline-secondary"
                onClick={() => void download(endpoints.certificate.path, { token: null, failureMessage: requestMessages.certificateNotFound })}
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
