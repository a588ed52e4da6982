/**
 * The OpenAPI 3.1 description of the device API, generated from the endpoint table and its zod
 * schemas (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 speaks): nothing here
 * repeats a path, a field or a permission. The module serves it at /api/openapi.json and
 * docs/openapi.json is a copy a test keeps equal (`npm run docs:openapi`).
 */
import { z } from 'zod';
import { API_PREFIX } from './endpoints/url.ts';
import { ERROR_REPLY, endpoints, type Endpoint, type EndpointAuth } from './endpoints/index.ts';

/** The version of the API this document describes (not the firmware's: one API spans releases). */
export const OPENAPI_API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;

/** A schema's JSON Schema as a request reads it (`input`) or a reply sends it (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements and transforms have no JSON Schema: the type of the value they act on stands in.
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** `/a/:b` → `/a/{b}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Each property of an object schema as a parameter `in` the path or the query. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: p }));
}

/** The permission as extensions: `x-permission-area` (areas, any one opens) and `x-access` (read or write). */
function permission(auth: EndpointAuth): JsonSchema {
  if (auth.kind !== 'area') return { 'x-permission-area': auth.kind, 'x-access': 'read' };
  const out: JsonSchema = { 'x-permission-area': [...auth.areas], 'x-access': auth.access };
  if (auth.and) out['x-permission-and'] = { areas: [...auth.and.areas], access: auth.and.access };
  return out;
}

const DATA = (schema: JsonSchema) => ({ type: 'object', properties: { data: schema }, required: ['data'], additionalProperties: false });
const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

function operation(name: string, e: Endpoint): JsonSchema {
  const op: JsonSchema = { operationId: name, ...permission(e.auth) };
  if (e.adminOnly) op['x-admin-only'] = true;
  if (e.section) op['x-section'] = e.section.key;
  if (e.auth.kind === 'public') op.security = [];
  // Open to anyone while the section's open access is on: the bearer is then optional.
  if (e.publicWhen) Object.assign(op, { security: [{ bearer: [] }, {}], 'x-public-when': `${e.publicWhen.key}.openAccess` });
  const params = [...parameters(e.params, 'path'), ...parameters(e.query, 'query')];
  if (e.section && e.method === 'PUT')
    params.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description: 'The revision (ETag) the edit started from: another one is refused with 409.',
      schema: { type: 'string' },
    });
  if (params.length) op.parameters = params;
  if (e.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } };
  const ok = e.file
    ? { description: 'A file.', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } }
    : { description: 'Success.', content: { 'application/json': { schema: DATA(e.reply ? jsonSchema(e.reply, 'output') : {}) } } };
  if (e.section && e.method === 'GET') Object.assign(ok, { headers: { ETag: { description: 'The revision of the section.', schema: { type: 'string' } } } });
  op.responses = { '200': ok, default: ERROR_RESPONSE };
  return op;
}

/** The whole document (OpenAPI 3.1.0). */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    // A root endpoint (/metrics) is outside the /api of `servers`.
    const item = (paths[openApiPath(e.path)] ??= e.root ? { servers: [{ url: '/' }] } : {});
    item[e.method.toLowerCase()] = operation(name, e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Power meter module API',
      version: OPENAPI_API_VERSION,
      description:
        'Every call of the module, generated from the contract\'s endpoint table. Every reply is `{ "data": ... }`; a failure is the Error response. `x-permission-area` and `x-access` say who may call (areas: userConfig, readings, configuration, maintenance; any one of the listed areas with the access opens the call; `public`: anyone, `session`: any signed-in user).',
    },
    servers: [{ url: API_PREFIX }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /users/authenticate, or the API token (view on readings).' },
      },
      responses: {
        Error: {
          description: '400 bad input, 401 no or ended session, 403 not permitted, 404, 409 revision changed, 423, 429, 500, 503, 507 storage full.',
          content: { 'application/json': { schema: DATA(jsonSchema(ERROR_REPLY, 'output')) } },
        },
      },
    },
  };
}
