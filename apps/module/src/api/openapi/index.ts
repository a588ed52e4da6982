/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the endpoint table. Building it converts
 * every zod schema (~150 ms of CPU), so it is built once, in a worker thread, by the first
 * request, and the text is kept: the table cannot change while the module runs.
 */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { Worker } from 'node:worker_threads';
import { handle } from '../registry.ts';

// From source (tsx) the worker is the .ts beside this file; the bundle ships it as a sibling .mjs.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = fromSource ? new URL('./openapi-worker.ts', import.meta.url) : new URL('./openapi-worker.mjs', import.meta.url);

function buildOffThread(): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = fromSource
      ? // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript worker.
        new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, { eval: true })
      : new Worker(WORKER_URL);
    worker.once('message', (text: string) => {
      resolve(text);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`OpenAPI worker exited with ${code}`)));
  });
}

export const openApiApi: FastifyPluginAsync = async (app) => {
  let document: Promise<string> | undefined;
  handle(app, endpoints.openApi, async ({ reply }) => {
    document ??= buildOffThread().catch((e: unknown) => {
      document = undefined;
      throw e;
    });
    return reply.type('application/json; charset=utf-8').send(await document);
  });
};
