/**
 * docs/api.md from the contract's endpoint table: `npm run docs:api` writes it;
 * scripts/test/api-doc.test.ts compares it, so the document cannot drift from the code.
 */
import { writeFileSync } from 'node:fs';
import { endpoints, type EndpointAuth } from '@meter/contract';
import { z } from 'zod';

const grant = (g: { access: 'read' | 'write'; areas: readonly string[] }) => `${g.access === 'write' ? 'edit' : 'view'} on ${g.areas.join(' or ')}`;
const who = (a: EndpointAuth): string => {
  if (a.kind === 'public') return 'anyone';
  if (a.kind === 'session') return 'any signed-in user';
  return a.and ? `${grant(a)}, and ${grant(a.and)}` : grant(a);
};

/** A key declared only to refuse it with a message (energy charts' `stat`). */
const refused = (s: z.ZodType) => s instanceof z.ZodOptional && s.unwrap() instanceof z.ZodNever;

/** The keys an object schema accepts (through a transform's input). */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, z.ZodType>)
      .filter(([, s]) => !refused(s))
      .map(([k]) => k);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType);
  return [];
}

export function apiDoc(): string {
  const rows = Object.entries(endpoints).map(([name, e]) => {
    const query = keysOf('query' in e ? e.query : undefined).join(', ');
    return `| ${e.method} | \`${'root' in e && e.root ? '' : '/api'}${e.path}\` | ${query} | ${who(e.auth)}${e.adminOnly ? ', admin access level only' : ''}${'publicWhen' in e && e.publicWhen ? `; anyone when ${e.publicWhen.title} say open access` : ''} | ${e.body ? 'yes' : ''} | ${e.file ? 'file' : 'JSON'} | \`${name}\` |`;
  });
  return `# API

Generated from the endpoint table (\`packages/contract/src/endpoints/index.ts\`, each area's calls in \`src/areas/\`) by \`npm run docs:api\`; a test fails when
this file and the contract differ.

Conventions (see docs/architecture.md, "A call, end to end"):
- Every reply is \`{ "data": ... }\`; a failure is \`{ "data": { "value": "<message>", "errors": { "<field>": "<message>" } } }\`
  with 400 (bad input: the contract's message), 401 (no or ended session), 403 (the permission does
  not cover the call), 404 (unknown path or item), 409 (a save based on a stale revision), 423, 429 (too many sessions), 500, 503,
  507 (storage full: nothing was kept).
- The token goes in \`Authorization: Bearer <token>\`; \`?token=\` is honoured for the API token only. A link
  the browser opens by itself carries a single-use \`?ticket=\` (\`downloadTicket\`, docs/decisions/security-server-hardening-download-tickets-full-disk.md).
- Path parameters, query and body are validated with the endpoint's zod schemas (\`params\`, \`query\`,
  \`body\`), a failure being a 400 like any other. Unknown body fields are refused; unknown query
  keys are ignored. Every entry names the failure shape in \`error\` (the contract's \`ERROR_REPLY\`). A refused
  sign-in under a policy that locks also carries \`attemptsLeft\`: the failed attempts left before the lockout.
- Revisions: the GET of a settings section, a user (\`usermg/user/config\`), a role (\`usermg/role/config\`) and
  the general user config names the object's revision in \`ETag\`; its save (and a user's password set) may
  name the revision it edited in \`If-Match\`: another one is 409 ('These settings were changed by someone else
  since this page loaded. Reload to see them.') and nothing changes. Without \`If-Match\` the save is accepted.
- Areas and masks: user configuration 3, readings 12, configuration 48, maintenance 192; view is
  the lower bit of the pair, edit the higher.

| method | path | query | who may call | body | reply | contract name |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  writeFileSync(new URL('../docs/api.md', import.meta.url), apiDoc());
  console.log('docs/api.md written');
}
