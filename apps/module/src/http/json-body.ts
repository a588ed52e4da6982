/**
 * The JSON body parser: Fastify's own, except that an empty body (commands are often sent as PATCH
 * with none) is no body rather than an error, and a body nested too deep is refused with a 400.
 */
import { hardeningTexts } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../api/json-body.ts';
import { badRequest } from '../errors.ts';

export function jsonBody(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    // parseAs 'string': always a string here (Fastify's typings also allow a Buffer).
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) return done(badRequest(hardeningTexts.jsonTooDeep(MAX_JSON_DEPTH)), undefined);
    jsonParser(req, text, done);
  });
}
