/** Shared steps of the meter settings tests. */
import assert from 'node:assert/strict';
import type { TestModule } from './helper.ts';

export const SETTINGS = { general: 'meter', alarm: 'alarmConfig', io: 'ioConfig', userCt: 'userCtConfig' } as const;
export type Section = keyof typeof SETTINGS;

export async function getSettings(m: TestModule, token: string, section: Section): Promise<any> {
  const r = await m.call('GET', `/api/settings/${SETTINGS[section]}`, { token });
  assert.equal(r.status, 200, r.raw);
  return r.body.data;
}

/** PUTs the section's current object with `change` applied; returns the reply. */
export async function putSettings(m: TestModule, token: string, section: Section, change: (body: any) => void) {
  const body = await getSettings(m, token, section);
  change(body);
  return m.call('PUT', `/api/settings/${SETTINGS[section]}`, { token, body });
}

/** Like putSettings, but the save must succeed. */
export async function save(m: TestModule, token: string, section: Section, change: (body: any) => void): Promise<void> {
  const r = await putSettings(m, token, section, change);
  assert.equal(r.status, 200, r.raw);
  assert.deepEqual(r.body, { data: { value: 'Success' } });
}

export const moduleEvents = (m: TestModule): string[] =>
  (m.services.ctx.db.prepare('SELECT message FROM module_event_log ORDER BY id').all() as { message: string }[]).map((r) => r.message);
