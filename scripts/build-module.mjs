/**
 * Bundles the module server for plain node: `node scripts/build-module.mjs [outfile]`
 * (default apps/module/dist/server.mjs). The workspace's TypeScript (the module and the contract)
 * goes into one ES module; the module's registry dependencies stay external and load from
 * node_modules at run time: better-sqlite3 is native, and fastify and pino load parts of
 * themselves by path, which a bundle would break. The bundle keeps the source's depth under
 * apps/, so the console's files resolve from it as from the source (apps/console/dist).
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../apps/module/package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@meter/'));
const outfile = process.argv[2] ?? `${root}apps/module/dist/server.mjs`;

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', external, logLevel: 'warning' };
await build({ ...common, entryPoints: [`${root}apps/module/src/server.ts`], outfile });
// The record PDF runs in a worker thread, which loads its own file: it sits beside the bundle.
await build({ ...common, entryPoints: [`${root}apps/module/src/services/records/record-pdf-worker.ts`], outfile: join(dirname(outfile), 'record-pdf-worker.mjs') });
// The trend chart queries run in a worker thread too (services/trends/query-thread.ts).
await build({ ...common, entryPoints: [`${root}apps/module/src/services/trends/query-worker.ts`], outfile: join(dirname(outfile), 'trend-query-worker.mjs') });
// The OpenAPI document is built off the event loop once (api/openapi).
await build({ ...common, entryPoints: [`${root}apps/module/src/api/openapi/openapi-worker.ts`], outfile: join(dirname(outfile), 'openapi-worker.mjs') });
