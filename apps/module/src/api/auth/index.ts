/** Sign-in and sign-out (000 §4 Login, §7 users/authenticate, §8 Login messages). */
import { endpoints, serverMessages, type Endpoint } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { SignIn } from '../../services/users/index.ts';
import { handle, type HandlerInput } from '../registry.ts';

/**
 * The validated body with its schema's type. (registry.ts types `body` from `E['body']`, which is
 * optional in `Endpoint` and so never narrows to the schema; the value itself is the parsed body.)
 */
type BodyOf<E extends Endpoint> = NonNullable<E['body']> extends infer S extends z.ZodType ? z.output<S> : never;
const bodyOf = <E extends Endpoint>(_endpoint: E, input: HandlerInput<E>) => input.body as unknown as BodyOf<E>;

export interface AuthApiOptions {
  signIn: SignIn;
}

export const authApi: FastifyPluginAsync<AuthApiOptions> = async (app, { signIn }) => {
  handle(app, endpoints.authenticate, (input) => {
    const body = bodyOf(endpoints.authenticate, input);
    return signIn.authenticate(body.username, body.password);
  });

  handle(app, endpoints.logout, ({ principal }) => {
    signIn.logout(principal!);
    return { value: serverMessages.success };
  });
};
