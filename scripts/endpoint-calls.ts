/**
 * packages/contract/src/endpoints/calls.ts from the endpoint table: `npm run contract:calls`
 * writes it after an endpoint is added or changed; packages/contract/test/endpoints/endpoint-calls.test.ts
 * fails while it differs, so the zod-free copy the console calls through never drifts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { endpoints } from '@meter/contract';

const FILE = new URL('../packages/contract/src/endpoints/calls.ts', import.meta.url);

const HEADER = `/**
 * Every API call's method, path and permission, without its schemas (zod-free): what a caller
 * needs to send a request, or to know whether the module will take it from this user. The
 * console's shell and screens call through this table, so the signed-in frame never loads the
 * endpoint table (every call's zod schemas, the largest part of the contract); a screen that needs
 * a call's schemas (a settings section) imports them itself.
 * Generated from \`endpoints\` by \`npm run contract:calls\` (scripts/endpoint-calls.ts); do not edit.
 */
import type { EndpointName } from './index.ts';
import type { Method } from './define.ts';
import type { EndpointAuth } from './grants.ts';
`;

/** The file's text, formatted as the repository formats it. */
export async function endpointCallsText(): Promise<string> {
  const entries = Object.entries(endpoints).map(([name, e]) => `  ${name}: ${JSON.stringify({ method: e.method, path: e.path, auth: e.auth })},`);
  const source = `${HEADER}\nexport const ENDPOINT_CALLS = {\n${entries.join('\n')}\n} as const satisfies { readonly [N in EndpointName]: { readonly method: Method; readonly path: string; readonly auth: EndpointAuth } };\n`;
  return format(source, { ...(await resolveConfig(FILE)), filepath: FILE.pathname });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const text = await endpointCallsText();
  if (readFileSync(FILE, 'utf8') === text) console.log('packages/contract/src/endpoints/calls.ts is up to date');
  else {
    writeFileSync(FILE, text);
    console.log('packages/contract/src/endpoints/calls.ts written');
  }
}
