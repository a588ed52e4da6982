/**
 * The console's built files (apps/console/dist, or MODULE_CONSOLE_DIR) and the not-found handler:
 * a file is sent pre-compressed with its cache lifetime; any other page path gets the single-page
 * app's index.html; an unknown /api path, a missing file or no console at all is a 404 in the
 * module's shape.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, serverMessages } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import { cacheControlFor } from '../services/web-server/console-policy.ts';
import { sendError } from './errors.ts';

/** The built console's folder, if it holds an index.html. */
export function findConsole(dir: string): string | undefined {
  const consoleDir = resolve(dir);
  return existsSync(resolve(consoleDir, 'index.html')) ? consoleDir : undefined;
}

/** Registered after the API areas: their routes come first. */
export async function consoleFiles(app: FastifyInstance, opts: { consoleDir: string | undefined }): Promise<void> {
  const { consoleDir } = opts;
  if (consoleDir) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      // One route for every file: a route per file (300 hashed assets and their .br and .gz) cost
      // ~50 ms of the start. Paths that are not a file reach the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      // The build wrote .br and .gz beside each text file: sent as they are, no work per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', cacheControlFor(path));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const [path = ''] = request.url.split('?');
    if (path === API_PREFIX || path.startsWith(API_PREFIX + '/') || !consoleDir || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(path)) {
      return sendError(reply, 404, serverMessages.notFound);
    }
    // The console routes in the browser: every other page path gets the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });
}
