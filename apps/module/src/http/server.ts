/**
 * The Fastify instance: the log (URLs redacted, the module's log levels), a 1 MiB body limit,
 * 503 while closing, framework errors in the module's shape, and no Fastify JSON schemas.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ModuleConfig } from '../config.ts';
import { ModuleLogController } from '../request-log.ts';
import { sendError } from './errors.ts';
import { redactUrl } from './redact-url.ts';

export interface ServerOptions {
  logger?: boolean;
  /** Where the log goes (stdout unless given): tests read it. */
  logStream?: { write(line: string): void };
}

export function createServer(config: ModuleConfig, options: ServerOptions): FastifyInstance {
  return Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new ModuleLogController(),
    bodyLimit: 1024 * 1024,
    // Sessions live in memory, like the device's; clients get `{data}` even on framework errors.
    return503OnClosing: true,
    // A path Fastify cannot decode (bad percent-encoding) never reaches the error handler: answer
    // it in the module's shape too, e.g. a mangled trendlog/{parameter}&{start}&{end}&{interval}.
    frameworkErrors: (error, _request, reply) => void sendError(reply, 400, error.message),
    // Every body, query and reply is checked with the contract's zod schemas (api/registry.ts), so
    // Fastify's own JSON-schema compilers (Ajv, fast-json-stringify) are never loaded: ~70 ms of
    // every start. A route that declared a Fastify schema anyway fails the start, not silently.
    schemaController: { compilersFactory: { buildValidator: noFastifySchemas, buildSerializer: noFastifySchemas } },
  });
}

/**
 * Compiler factories for Fastify schemas, which this module does not use. Fastify's typings give
 * the compiler Ajv's signature, not the route object it is called with: hence `unknown`.
 */
function noFastifySchemas(): (route: unknown) => never {
  return (route) => {
    const { url, method } = typeof route === 'object' && route !== null && 'url' in route && 'method' in route ? route : { url: undefined, method: undefined };
    throw new Error(`${String(method)} ${String(url)}: a Fastify schema; the module validates with the contract's zod schemas`);
  };
}
