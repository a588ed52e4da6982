/**
 * Every failure leaves in the one shape of docs/api.md, `{data: {value, errors?}}`, never a stack:
 * the module's own ApiErrors with their status, a full disk as 507, the framework's client errors
 * (bad JSON, wrong content type, body too large) as 400 or 413, anything else as 500.
 */
import { hardeningTexts, serverMessages, type ErrorReply } from '@meter/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors.ts';
import type { SystemLog } from '../services/maintenance/index.ts';
import { isStorageFull } from '../store/storage-full.ts';
import { redactUrl } from './redact-url.ts';

/** Sends a failure in the module's shape (also the not-found handler's and the framework errors'). */
export function sendError(reply: FastifyReply, status: number, value: string, errors?: ErrorReply['errors'], attemptsLeft?: number): FastifyReply {
  const data: ErrorReply = errors ? { value, errors } : { value };
  if (attemptsLeft !== undefined) data.attemptsLeft = attemptsLeft;
  return reply.status(status).send({ data });
}

/** The root's error handler: an encapsulated API plugin inherits it. A full disk goes to the Database system log. */
export function errorHandler(app: FastifyInstance, opts: { systemLog: SystemLog }): void {
  const { systemLog } = opts;
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, error.status, error.message, error.errors, error.attemptsLeft);
    }
    // Nothing was kept (the write's transaction is undone): the user can free space and try again.
    if (isStorageFull(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'storage full');
      systemLog.write('Database', 'error', `write refused, the disk is full: ${request.method} ${redactUrl(request.url)} (${error.code ?? error.message})`);
      return sendError(reply, 507, hardeningTexts.storageFull);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Framework-level client errors (bad JSON, wrong content type, body too large) are bad input.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? serverMessages.invalidJson : error.message;
      return sendError(reply, status === 413 ? 413 : 400, message);
    }
    request.log.error({ err: { message: error.message, code: error.code } }, 'request failed');
    return sendError(reply, 500, serverMessages.internal);
  });
}
