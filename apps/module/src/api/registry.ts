/**
 * Binds contract endpoints to handlers (habit 1). The handler gets the path parameters, the
 * query and the body already validated with the endpoint's schemas, typed from them; the auth
 * hook has already checked the endpoint's permission, so a protected handler always has its
 * caller. Whatever it returns is sent as `{ data: ... }`.
 */
import type { Endpoint } from '@meter/contract';
import { API_PREFIX, serverMessages } from '@meter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../context.ts';
import { unauthorized, validationError } from '../errors.ts';

/** What one schema slot of an endpoint gives the handler: the parsed value, or undefined without a schema. */
type Parsed<S> = [S] extends [never] ? undefined : S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<E extends Endpoint> {
  body: Parsed<NonNullable<E['body']>>;
  params: Parsed<NonNullable<E['params']>>;
  query: Parsed<NonNullable<E['query']>>;
  /** The caller; null only on public endpoints. */
  principal: E['auth'] extends { kind: 'session' | 'area' } ? Principal : Principal | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

type ReplyData<E extends Endpoint> = E['reply'] extends z.ZodType ? z.input<E['reply']> : unknown;

/**
 * A reply already serialised as `{ "data": ... }` elsewhere (a worker thread): sent as it is, so a
 * large reply costs the event loop no JSON work.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ReplyData<E> | JsonText> | ReplyData<E> | JsonText;

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
   * The handler validates the body itself (a section's PUT: its rules under the live device
   * context) and gets it as sent; the contract's schema only types it.
   */
  rawBody?: boolean;
}

function parse(schema: z.ZodType | undefined, value: unknown, fallback: string): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, fallback);
  return parsed.data;
}

export function handle<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: HandleOptions = {}): void {
  if (endpoint.section && endpoint.method === 'PUT' && !options.rawBody) throw new Error(`${endpoint.method} ${endpoint.path} is a section: serve it with the section handler`);
  if (endpoint.path.includes(':') && !endpoint.params) throw new Error(`${endpoint.method} ${endpoint.path} declares no params schema`);
  app.route({
    method: endpoint.method,
    url: endpoint.root ? endpoint.path : API_PREFIX + endpoint.path,
    config: { endpoint },
    handler: async (request, reply) => {
      // A malformed path segment is reported before its query (what the chart calls answered before).
      const params = parse(endpoint.params, request.params ?? {}, serverMessages.invalidPath);
      const query = parse(endpoint.query, request.query ?? {}, serverMessages.invalidQuery);
      const body = options.rawBody ? request.body : parse(endpoint.body, request.body ?? {}, serverMessages.invalidBody);
      // The auth hook refused anonymous callers already; this keeps the handler's type honest (an
      // endpoint open by a setting, `publicWhen`, reads no caller).
      if (endpoint.auth.kind !== 'public' && !endpoint.publicWhen && !request.principal) throw unauthorized();
      const result = await handler({
        body,
        params,
        query,
        principal: request.principal,
        request,
        reply,
      } as HandlerInput<E>);
      if (endpoint.file || reply.sent) return reply;
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      return reply.send({ data: result });
    },
  });
}
