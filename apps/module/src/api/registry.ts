/**
 * Binds contract endpoints to handlers (habit 1). The handler gets the body already validated
 * with the endpoint's schema; the auth hook has already checked the endpoint's permission.
 * Whatever it returns is sent as `{ data: ... }`.
 */
import type { Endpoint } from '@meter/contract';
import { API_PREFIX } from '@meter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../context.ts';
import { validationError } from '../errors.ts';

export interface HandlerInput<E extends Endpoint> {
  body: NonNullable<E['body']> extends infer S extends z.ZodType ? z.output<S> : undefined;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  principal: Principal | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

type ReplyData<E extends Endpoint> = E['reply'] extends z.ZodType ? z.input<E['reply']> : unknown;

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ReplyData<E>> | ReplyData<E>;

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface HandleOptions {
  /**
   * Endpoints whose body rules depend on the device's state (`bodyFromContext`): the schema built
   * under the live state, used instead of the contract's typing schema. Must be given for them.
   */
  bodySchema?: () => z.ZodType;
}

export function handle<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: HandleOptions = {}): void {
  if (endpoint.bodyFromContext && !options.bodySchema) throw new Error(`${endpoint.method} ${endpoint.path} needs the live body schema`);
  app.route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    config: { endpoint },
    handler: async (request, reply) => {
      let body: unknown = undefined;
      if (endpoint.body) {
        const schema = options.bodySchema ? options.bodySchema() : endpoint.body;
        const parsed = schema.safeParse(request.body ?? {});
        if (!parsed.success) throw validationError(parsed.error);
        body = parsed.data;
      }
      const result = await handler({
        body: body as HandlerInput<E>['body'],
        params: (request.params ?? {}) as Record<string, string>,
        query: (request.query ?? {}) as Record<string, string | undefined>,
        principal: request.principal,
        request,
        reply,
      });
      if (endpoint.file || reply.sent) return reply;
      return reply.send({ data: result });
    },
  });
}
