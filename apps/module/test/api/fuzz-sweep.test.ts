/**
 * The fuzz sweep (issue 25): every write endpoint of the contract's table, called as admin with
 * malformed, oversized, deeply nested and wrong-typed bodies, answers below 500 and changes no
 * state (every section's GET, the users, the roles and the reboot count are the same before and
 * after). Bounded: at most 26 bodies per endpoint, one module.
 */
import { endpointUrl, endpoints, shapeOf, type Endpoint } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../helper.ts';

const PARAMS = { channel: 1, username: 'admin', roleName: 'admin', id: 1, fileName: 'none.csv', filename: 'none.csv', spec: 'VLN&0&60&1min' };
const WRONG_VALUES: unknown[] = [null, true, -1, 1e308, '', [[[]]], { $gt: '' }, "'; DROP TABLE users; --"];
/** Past every field's maximum; the whole body once at 300 kB. */
const LONG = 'x'.repeat(5000);
const BIG = 'x'.repeat(300_000);

/** The bodies each endpoint is sent: raw texts, then objects built on its schema's top-level keys. */
function bodies(e: Endpoint): string[] {
  const raw = ['{', '{"a":', '}', 'null', '[]', '"x"', '42', 'true', '{"__proto__":{"admin":true}}', '{"a":1,"a":2}', '\u0000', '{"x":"\\ud800"}'];
  const deep = ['{"a":'.repeat(5000) + '1' + '}'.repeat(5000), '['.repeat(5000) + ']'.repeat(5000)];
  const keys = Object.keys((e.body && shapeOf(e.body)) ?? {});
  const objects: unknown[] = [{ unknownField: BIG }, [LONG], [1, 2], [{}]];
  if (keys.length > 0) {
    objects.push(Object.fromEntries(keys.map((k) => [k, LONG])));
    for (const v of WRONG_VALUES) objects.push(Object.fromEntries(keys.map((k) => [k, v])));
    // One key at a time wrong, the others missing.
    for (const k of keys.slice(0, 4)) objects.push({ [k]: { nested: [LONG] } });
  }
  return [...raw, ...deep, ...objects.map((o) => JSON.stringify(o))];
}

describe('fuzz sweep over every write endpoint', () => {
  let m: TestModule;
  let admin: string;

  /** Everything a write could change: each section, users and roles, the reboots asked for. */
  async function state(): Promise<string> {
    const reads: Record<string, unknown> = { reboots: m.reboots };
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>)) {
      if (e.method !== 'GET' || (!e.section && !['userList', 'roleList', 'configLocalInfo', 'ipWhitelist', 'passwordPolicy'].includes(name))) continue;
      const r = await m.call('GET', `/api${e.path}`, { token: admin });
      reads[name] = r.status === 200 ? r.body : r.status;
    }
    return JSON.stringify(reads);
  }

  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  test('no write endpoint answers 5xx to a bad body, and nothing changes', async () => {
    const writes = Object.entries(endpoints as Record<string, Endpoint>).filter(([name, e]) => e.method !== 'GET' && name !== 'logout');
    assert.ok(writes.length > 80, `${writes.length} write endpoints`);
    const before = await state();
    const failures: string[] = [];
    let calls = 0;
    for (const [name, e] of writes) {
      const url = '/api' + endpointUrl(e.path, PARAMS);
      for (const payload of bodies(e)) {
        const res = await m.app.inject({ method: e.method, url, payload, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
        calls++;
        if (res.statusCode >= 500) failures.push(`${name} ${res.statusCode} ${payload.slice(0, 60)}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode === 401) failures.push(`${name}: the session ended (${payload.slice(0, 60)})`);
      }
    }
    assert.deepEqual(failures, [], `${failures.length} of ${calls} calls failed`);
    assert.equal(await state(), before, 'a bad body changed the state');
  });
});
