/** Sign-in and sign-out (000 §4 Login, §7 users/authenticate, §8 Login messages). */
import { endpoints, serverMessages, type Endpoint } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../../services.ts';
import { handle, type HandlerInput } from '../registry.ts';

/**
 * The validated body with its schema's type. (registry.ts types `body` from `E['body']`, which is
 * optional in `Endpoint` and so never narrows to the schema; the value itself is the parsed body.)
 */
type BodyOf<E extends Endpoint> = NonNullable<E['body']> extends infer S extends z.ZodType ? z.output<S> : never;
const bodyOf = <E extends Endpoint>(_endpoint: E, input: HandlerInput<E>) => input.body as unknown as BodyOf<E>;

export function authRoutes(app: FastifyInstance, s: Services): void {
  handle(app, endpoints.authenticate, (input) => {
    const body = bodyOf(endpoints.authenticate, input);
    return s.users.signIn.authenticate(body.username, body.password);
  });

  handle(app, endpoints.logout, ({ principal }) => {
    s.users.signIn.logout(principal!);
    return { value: serverMessages.success };
  });
}
