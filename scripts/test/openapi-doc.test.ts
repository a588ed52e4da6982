/**
 * docs/openapi.json is generated from the endpoint table and its zod schemas: it must not drift
 * from the contract, it must be a valid OpenAPI 3.1 document for a third-party validator, and it
 * must say what the table says about every call.
 */
import { validate } from '@readme/openapi-parser';
import { endpoints, type Endpoint } from '@meter/contract';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { openApiText } from '../openapi-doc.ts';

const written = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');

test('docs/openapi.json matches the contract (run `npm run docs:openapi` after changing endpoints or schemas)', () => {
  assert.equal(written, openApiText());
});

test('the document validates as OpenAPI 3.1 (@readme/openapi-parser)', async () => {
  const result = await validate(JSON.parse(written));
  assert.equal(result.valid, true, result.valid ? '' : JSON.stringify(result.errors.slice(0, 5)));
  assert.equal(result.specification, 'OpenAPI');
  assert.equal(JSON.parse(written).openapi, '3.1.0');
});

test('every endpoint is there with its method, path, schemas, permission area and access, and bearer security', () => {
  const doc = JSON.parse(written);
  assert.deepEqual(doc.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer', description: doc.components.securitySchemes.bearer.description });
  assert.deepEqual(doc.security, [{ bearer: [] }]);
  let operations = 0;
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
    assert.ok(op, `${name}: ${e.method} ${e.path} missing`);
    operations++;
    assert.equal(op.operationId, name);
    if (e.auth.kind === 'area') {
      assert.deepEqual(op['x-permission-area'], e.auth.areas, name);
      assert.equal(op['x-access'], e.auth.access, name);
    } else {
      assert.equal(op['x-permission-area'], e.auth.kind, name);
      if (e.auth.kind === 'public') assert.deepEqual(op.security, [], name);
    }
    assert.equal(Boolean(op.requestBody), Boolean(e.body), `${name} body`);
    const params = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name);
    assert.deepEqual(
      params,
      [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]),
      `${name} path parameters`,
    );
    if (!e.file && e.reply) assert.ok(op.responses['200'].content['application/json'].schema.properties.data, `${name} reply`);
  }
  const inDoc = Object.values(doc.paths).reduce((n: number, item) => n + Object.keys(item as object).filter((k) => k !== 'servers').length, 0);
  assert.equal(inDoc, operations, 'no operation that the table does not declare');
});

test('a body schema says what the module validates: the sign-in body requires username and password', () => {
  const doc = JSON.parse(written);
  const schema = doc.paths['/users/authenticate'].post.requestBody.content['application/json'].schema;
  assert.deepEqual([...schema.required].sort(), ['password', 'username']);
  assert.equal(doc.paths['/readings/realtime/system'].get['x-access'], 'read');
  assert.deepEqual(doc.paths['/readings/realtime/system'].get['x-permission-area'], ['readings']);
});
