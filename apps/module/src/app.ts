/**
 * The module: its services (src/wiring/), then the HTTP layer (src/http/) on one Fastify instance,
 * in the order the hooks must run: body parser and errors, the whitelist, the HTTPS redirect, the
 * security headers, the permission check, the Web Server log, the API areas, the console's files;
 * then the services' start and stop lists.
 */
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import type { ModuleConfig } from './config.ts';
import { apiAreas } from './http/api-areas.ts';
import { auth } from './http/auth.ts';
import { consoleFiles, findConsole } from './http/console-files.ts';
import { errorHandler } from './http/errors.ts';
import { httpsRedirect } from './http/https-redirect.ts';
import { jsonBody } from './http/json-body.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createServer, type ServerOptions } from './http/server.ts';
import { webServerLog } from './http/web-server-log.ts';
import { whitelistHooks } from './http/whitelist.ts';
import type { Services } from './services.ts';
import { startSteps, stopServices } from './wiring/lifecycle.ts';
import { wireServices, type WiringOptions } from './wiring/index.ts';

export { redactUrl } from './http/redact-url.ts';

export interface BuildOptions extends WiringOptions, ServerOptions {}

// Resolved from this file, not from http/: the bundle (scripts/build-module.mjs) keeps this file's
// depth under apps/, so the path holds in the source and in the bundle.
const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../console/dist', import.meta.url));

export async function buildApp(config: ModuleConfig, options: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  const w = await wireServices(config, options);
  const app = createServer(config, options);
  // The HTTP listener is one of the module's own ports: no outbound client may reach it.
  w.ownPorts.push(() => {
    const address = app.server.address();
    return typeof address === 'object' ? address?.port : undefined;
  });

  jsonBody(app);
  errorHandler(app, w);
  whitelistHooks(app, w);
  httpsRedirect(app, w);
  const consoleDir = findConsole(config.consoleDir ?? DEFAULT_CONSOLE_DIR);
  securityHeaders(app, { consoleDir });
  auth(app, w);
  webServerLog(app, w);
  await apiAreas(app, w);
  await consoleFiles(app, { consoleDir });

  for (const step of startSteps(w)) app.addHook('onReady', step);
  app.addHook('onClose', async () => stopServices(w));
  return { app, services: w.services };
}
