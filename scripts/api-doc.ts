/**
 * docs/api.md from the contract's endpoint table: `npm run docs:api` writes it;
 * scripts/test/api-doc.test.ts compares it, so the document cannot drift from the code.
 */
import { writeFileSync } from 'node:fs';
import { endpoints, type EndpointAuth } from '@meter/contract';

const who = (a: EndpointAuth): string =>
  a.kind === 'public' ? 'anyone' : a.kind === 'session' ? 'any signed-in user' : `${a.access === 'write' ? 'edit' : 'view'} on ${a.areas.join(' or ')}`;

export function apiDoc(): string {
  const rows = Object.entries(endpoints).map(
    ([name, e]) => `| ${e.method} | \`/api${e.path}\` | ${who(e.auth)} | ${e.body ? 'yes' : ''} | ${e.file ? 'file' : 'JSON'} | \`${name}\` |`,
  );
  return `# API

Generated from \`packages/contract/src/endpoints.ts\` by \`npm run docs:api\`; a test fails when
this file and the contract differ.

Conventions (see docs/architecture.md, "A call, end to end"):
- Every reply is \`{ "data": ... }\`; a failure is \`{ "data": { "value": "<message>", "errors": { "<field>": "<message>" } } }\`
  with 400 (bad input: the contract's message), 401 (no or ended session), 403 (the permission does
  not cover the call), 404 (unknown path or item), 423, 429 (too many sessions), 500, 503.
- The token goes in \`Authorization: Bearer <token>\` or, for links and downloads, \`?token=\`.
- Bodies are validated with the endpoint's zod schema; unknown fields are refused.
- Areas and masks: user configuration 3, readings 12, configuration 48, maintenance 192; view is
  the lower bit of the pair, edit the higher.

| method | path | who may call | body | reply | contract name |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  writeFileSync(new URL('../docs/api.md', import.meta.url), apiDoc());
  console.log('docs/api.md written');
}
