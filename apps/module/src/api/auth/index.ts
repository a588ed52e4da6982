/** Sign-in and sign-out (000 §4 Login, §7 users/authenticate, §8 Login messages). */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { SignIn } from '../../services/users/index.ts';
import { handle } from '../registry.ts';

export interface AuthApiOptions {
  signIn: SignIn;
}

export const authApi: FastifyPluginAsync<AuthApiOptions> = async (app, { signIn }) => {
  handle(app, endpoints.authenticate, ({ body, request }) => signIn.authenticate(body.username, body.password, request.ip));

  handle(app, endpoints.logout, ({ principal }) => {
    signIn.logout(principal);
    return { value: serverMessages.success };
  });
};
