/**
 * The generic settings section store and handler, on a fixture section declared only by its
 * schema (kept by the default kv backend) and on the meter's General section: secrets blanked
 * and kept, revision as ETag and If-Match (409), validation, permission, the audit entries, and a
 * failed write that leaves nothing behind.
 */
import {
  defineSection,
  withMeta,
  intBetween,
  oneOf,
  rules,
  sectionBody,
  sectionTexts,
  serverMessages,
  strictObject,
  successReply,
  text,
  type AnySection,
  type Endpoint,
} from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { sectionsApi } from '../../../src/api/sections/index.ts';
import { revisionsOf } from '../../../src/api/revision.ts';
import type { SectionDoc } from '../../../src/services/sections/section-backend.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { getSettings, moduleEvents } from '../../meter-settings-helpers.ts';

const fixtureBody = strictObject({
  stationName: text('Station Name', rules.maxLength('Station Name', 20)),
  pollInterval: intBetween('Poll Interval', 1, 60),
  mode: withMeta(oneOf('Mode', [0, 1, 2] as const), {
    options: [
      { value: 0, label: 'Off' },
      { value: 1, label: 'Automatic' },
      { value: 2, label: 'Manual' },
    ],
  }),
  apiKey: withMeta(text('API Key'), { secret: true }),
});

const fixture = defineSection({
  key: 'testFixture',
  title: 'Fixture settings',
  context: 'none',
  body: () => fixtureBody,
  data: z.object({ stationName: z.string(), pollInterval: z.number(), mode: z.number(), apiKey: z.string() }),
  savedMessage: 'Fixture settings saved',
  defaults: () => ({ stationName: 'Pump room', pollInterval: 10, mode: 1, apiKey: 'initial-secret-1' }),
});

/** A section whose backend keeps a cache and can be made to fail inside the transaction. */
const flaky = defineSection({
  key: 'testFlaky',
  title: 'Flaky settings',
  context: 'none',
  body: () => strictObject({ level: intBetween('Level', 0, 9) }),
  data: z.object({ level: z.number() }),
  savedMessage: 'Flaky settings saved',
});

const readWrite = (path: string, section: AnySection): Endpoint[] => [
  { method: 'GET', path, reply: section.data, auth: { kind: 'area', areas: ['configuration'], access: 'read' }, section },
  { method: 'PUT', path, body: sectionBody(section, undefined), reply: successReply, auth: { kind: 'area', areas: ['configuration'], access: 'write' }, section },
];
const FIXTURE_URL = '/api/test/fixture';
const FLAKY_URL = '/api/test/flaky';
const SUCCESS = { data: { value: serverMessages.success } };

describe('generic settings sections', () => {
  let m: TestModule;
  let admin: string;
  let viewer: string;
  const flakyState = { cache: { level: 1 }, fail: false };

  before(async () => {
    const s = await startModuleWithUsers({
      beforeReady: (app, services) => {
        services.sections.register(flaky, {
          read: () => services.ctx.kv.getOrInit<SectionDoc>('test.flaky', () => ({ level: 1 })),
          write: (next, _before, w) => {
            services.ctx.kv.set('test.flaky', next);
            const previous = flakyState.cache;
            flakyState.cache = next as { level: number };
            w.onRollback(() => (flakyState.cache = previous));
            if (flakyState.fail) throw new Error('disk full');
          },
        });
        void app.register(sectionsApi, { sections: services.sections, table: [...readWrite('/test/fixture', fixture), ...readWrite('/test/flaky', flaky)] });
      },
      // Role 'view': configuration view only.
      users: ['viewer'],
    });
    [m, admin, viewer] = [s.m, s.admin, s.tokens.viewer];
  });
  after(() => m.close());

  const get = async (url = FIXTURE_URL, token = admin) => {
    const r = await m.call('GET', url, { token });
    assert.equal(r.status, 200, r.raw);
    return { data: r.body.data, etag: r.headers.etag as string };
  };
  const put = (body: unknown, opts: { token?: string; ifMatch?: string; url?: string } = {}) =>
    m.call('PUT', opts.url ?? FIXTURE_URL, { token: opts.token === undefined ? admin : opts.token || undefined, body, headers: opts.ifMatch ? { 'if-match': opts.ifMatch } : {} });
  const stored = () => m.services.ctx.kv.get<{ apiKey: string }>('section.testFixture')!;

  /** A refused call: its status and message, and the section, its revision and the log as they were. */
  async function refused(call: () => Promise<{ status: number; body: any; raw: string }>, status: number, message?: string) {
    const before = await get();
    const events = moduleEvents(m).length;
    const r = await call();
    assert.equal(r.status, status, r.raw);
    if (message !== undefined) assert.equal(r.body.data.value, message);
    assert.deepEqual(await get(), before, 'something changed');
    assert.equal(moduleEvents(m).length, events, 'logged');
    return r;
  }

  test('GET gives the defaults with the secret blanked and the revision as a quoted ETag', async () => {
    const { data, etag } = await get();
    assert.deepEqual(data, { stationName: 'Pump room', pollInterval: 10, mode: 1, apiKey: '' });
    assert.match(etag, /^"[0-9a-f]{16}"$/);
    assert.equal(stored().apiKey, 'initial-secret-1', 'kept by the generic kv store');
  });

  test('a valid PUT saves, the GET shows it, the log has the saved and the changed entries', async () => {
    const before = await get();
    const r = await put({ stationName: 'Boiler room', pollInterval: 10, mode: 2, apiKey: 'second-secret-2' });
    assert.deepEqual(r.body, SUCCESS);
    const after = await get();
    assert.deepEqual(after.data, { stationName: 'Boiler room', pollInterval: 10, mode: 2, apiKey: '' });
    assert.notEqual(after.etag, before.etag);
    assert.equal(r.headers.etag, after.etag, 'the PUT names the new revision');
    assert.deepEqual(moduleEvents(m).slice(-2), [
      'Fixture settings saved by admin',
      'Fixture settings changed: Station Name "Pump room" → "Boiler room"; Mode Automatic → Manual; API Key *** → ***',
    ]);
    assert.equal(stored().apiKey, 'second-secret-2');
  });

  test('a broken rule is 400 with the catalogue message by field, and nothing changes', async () => {
    const { data } = await get();
    const r = await refused(() => put({ ...data, pollInterval: 61 }), 400, 'Poll Interval must be between 1 and 60');
    assert.deepEqual(r.body.data.errors, { pollInterval: 'Poll Interval must be between 1 and 60' });
    await refused(() => put({ ...data, mode: 7 }), 400, 'Mode must be one of the listed options');
    await refused(() => put({ ...data, stationName: '' }), 400, 'Please provide Station Name');
    await refused(() => put({ ...data, extra: 1 }), 400, 'Unknown field extra');
  });

  test('a view-only role is 403 and no token is 401; nothing changes', async () => {
    const { data } = await get(FIXTURE_URL, viewer);
    await refused(() => put({ ...data, pollInterval: 30 }, { token: viewer }), 403, serverMessages.forbidden);
    await refused(() => put({ ...data, pollInterval: 30 }, { token: '' }), 401, serverMessages.unauthorized);
    assert.equal((await m.call('GET', FIXTURE_URL)).status, 401);
  });

  test('If-Match: a stale revision is 409 and changes nothing; the current one saves', async () => {
    const first = await get();
    assert.deepEqual((await put({ ...first.data, pollInterval: 20 })).body, SUCCESS, 'without If-Match: accepted as before');
    await refused(() => put({ ...first.data, pollInterval: 30 }, { ifMatch: first.etag }), 409, sectionTexts.conflict);
    const current = await get();
    assert.deepEqual((await put({ ...current.data, pollInterval: 30 }, { ifMatch: current.etag })).body, SUCCESS);
    assert.equal((await get()).data.pollInterval, 30);
    const again = await get();
    assert.deepEqual((await put({ ...again.data, pollInterval: 31 }, { ifMatch: `W/${again.etag}` })).body, SUCCESS, 'a weak tag names the same revision');
    assert.deepEqual((await put({ ...again.data, pollInterval: 32 }, { ifMatch: '*' })).body, SUCCESS, '* asks for no check');
  });

  test("'' keeps the stored secret: same revision, no change logged, the backend still holds it", async () => {
    const before = await get();
    const secret = stored().apiKey;
    const r = await put({ ...before.data, apiKey: '' }, { ifMatch: before.etag });
    assert.deepEqual(r.body, SUCCESS);
    assert.equal((await get()).etag, before.etag);
    assert.equal(stored().apiKey, secret);
    assert.equal(moduleEvents(m).at(-1), 'Fixture settings saved by admin', 'a save without changes writes only the saved entry');
  });

  test('a secret never appears in a GET nor in the module event log', async () => {
    const { data } = await get();
    await put({ ...data, apiKey: 'third-secret-3' });
    for (const token of [admin, viewer]) assert.ok(!(await m.call('GET', FIXTURE_URL, { token })).raw.includes('secret'));
    for (const e of moduleEvents(m)) assert.ok(!/(initial|second|third)-secret/.test(e), e);
  });

  test('a write that fails inside the transaction leaves the database and the caches as they were', async () => {
    const before = await get(FLAKY_URL);
    const events = moduleEvents(m).length;
    flakyState.fail = true;
    const r = await put({ level: 5 }, { url: FLAKY_URL });
    flakyState.fail = false;
    assert.equal(r.status, 500, r.raw);
    assert.deepEqual(r.body, { data: { value: serverMessages.internal } });
    assert.deepEqual(await get(FLAKY_URL), before);
    assert.deepEqual(flakyState.cache, { level: 1 });
    assert.equal(moduleEvents(m).length, events);
    assert.deepEqual((await put({ level: 5 }, { url: FLAKY_URL })).body, SUCCESS);
    assert.deepEqual(flakyState.cache, { level: 5 });
    assert.deepEqual(moduleEvents(m).slice(-2), ['Flaky settings saved by admin', 'Flaky settings changed: Level 1 → 5']);
  });

  test('a meter section: a stale If-Match is 409 and changes nothing; the current one saves', async () => {
    const first = await m.call('GET', '/api/settings/meter', { token: admin });
    const etag = first.headers.etag as string;
    assert.match(etag, /^"[0-9a-f]{16}"$/);
    const body = first.body.data;
    assert.deepEqual((await m.call('PUT', '/api/settings/meter', { token: admin, body: { ...body, backlightTime: 20 } })).body, SUCCESS);
    const events = moduleEvents(m).length;
    const stale = await m.call('PUT', '/api/settings/meter', { token: admin, body: { ...body, backlightTime: 40 }, headers: { 'if-match': etag } });
    assert.equal(stale.status, 409, stale.raw);
    assert.equal(stale.body.data.value, sectionTexts.conflict);
    assert.equal((await getSettings(m, admin, 'general')).backlightTime, 20);
    assert.equal(moduleEvents(m).length, events);
    const current = await m.call('GET', '/api/settings/meter', { token: admin });
    const ok = await m.call('PUT', '/api/settings/meter', { token: admin, body: { ...current.body.data, backlightTime: 40 }, headers: { 'if-match': current.headers.etag as string } });
    assert.deepEqual(ok.body, SUCCESS);
    assert.deepEqual(moduleEvents(m).slice(-2), ['Meter settings (General) saved by admin', 'Meter settings (General) changed: Backlight Time 20 → 40']);
  });
});

test('If-Match header: absent or * asks for no check; tags are unquoted, weak ones too', () => {
  assert.equal(revisionsOf(undefined), undefined);
  assert.equal(revisionsOf(''), undefined);
  assert.equal(revisionsOf('*'), undefined);
  assert.deepEqual(revisionsOf('"abc"'), ['abc']);
  assert.deepEqual(revisionsOf('W/"abc", "def"'), ['abc', 'def']);
  assert.deepEqual(revisionsOf('abc'), ['abc']);
});
