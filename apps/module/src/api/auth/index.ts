/** Sign-in and sign-out (000 §4 Login, §7 users/authenticate, §8 Login messages). */
import { API_PREFIX, endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_TOKEN_DAYS, cookieValue, deviceCookieName } from '../../services/users/remembered-clients.ts';
import type { SessionStore, SignIn } from '../../services/users/index.ts';
import { unauthorized } from '../../errors.ts';
import { handle } from '../registry.ts';

export interface AuthApiOptions {
  signIn: SignIn;
  sessions: SessionStore;
}

export const authApi: FastifyPluginAsync<AuthApiOptions> = async (app, { signIn, sessions }) => {
  // The device token of a client that signed in before travels in an httpOnly cookie of this
  // path only: the browser sends it, page scripts never see it (docs/decisions/users-secret-checks-and-sftp-access.md).
  handle(app, endpoints.authenticate, async ({ body, request, reply }) => {
    const cookie = deviceCookieName(body.username);
    const { user, device } = await signIn.authenticate(body.username, body.password, cookieValue(request.headers.cookie, cookie));
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${cookie}=${device}; Path=${API_PREFIX}${endpoints.authenticate.path}; Max-Age=${DEVICE_TOKEN_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure}`);
    return user;
  });

  // The session's time left: asking is no activity unless the header says so (auth hook).
  handle(app, endpoints.sessionStatus, ({ principal }) => {
    const session = principal.sessionId ? sessions.resolveId(principal.sessionId) : null;
    if (!session) throw unauthorized();
    const remaining = sessions.remainingMs(session);
    return {
      timeoutSeconds: Math.round(sessions.timeoutMs() / 1000),
      remainingSeconds: Number.isFinite(remaining) ? Math.round(remaining / 100) / 10 : 0,
      warningSeconds: sessions.warningMs() / 1000,
    };
  });

  handle(app, endpoints.logout, ({ principal }) => {
    signIn.logout(principal);
    return { value: serverMessages.success };
  });
};
