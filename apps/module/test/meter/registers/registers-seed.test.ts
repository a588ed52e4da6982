/**
 * What reads the registers while a fresh module seeds their history (in slices after the start):
 * the backfill command, the trend recorder and the readings API see the seeded history or wait
 * for it, never the empty registers of the first second.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { backfillTrends, registerEnergy, registerHarmonics } from '../../../src/services/trends/index.ts';
import { toUnits } from '../../../src/services/trends/codec.ts';
import { ALL_TABLES } from '../../../src/services/trends/trend-db.ts';
import { createTestModule, type TestModule } from '../../helper.ts';

describe('a fresh module while it seeds its registers', () => {
  const modules: TestModule[] = [];
  const fresh = async () => {
    const m = await createTestModule({ duringSeed: true });
    modules.push(m);
    assert.equal(m.services.registers.firstStart, true);
    assert.equal(m.services.registers.whole, false, 'the seed runs after the start');
    return m;
  };
  after(async () => {
    for (const m of modules) await m.close();
  });

  test('the backfill anchors the energy history on the seeded registers, not on empty ones', async () => {
    const m = await fresh();
    const { services: s } = m;
    const now = Date.now();
    const r = await backfillTrends(s.trends, { energyDays: 1, now, meter: s.meter, harmonics: registerHarmonics(s.meter), energy: registerEnergy(s.meter) });
    assert.equal(r.energyMinutesWritten, 1440);
    assert.equal(s.registers.whole, true);
    const latest = s.trends.energyStore.latest()!.units;
    const totals = registerEnergy(s.meter).totals();
    // System import active energy (column 3 of EP): a meter months in service, to the 0.1 Wh.
    assert.ok(totals[3]! > 100, `System kWh ${totals[3]}`);
    assert.equal(latest[3], toUnits(totals[3]!));
    const day = s.trends.queryEnergy({ parameter: 'EP', start: Math.floor(now / 1000) - 86_400, end: Math.floor(now / 1000), interval: '1hr' });
    assert.ok(day.length >= 23 && day.every((row) => Number.isFinite(row.System as number)), JSON.stringify(day.slice(-2)));
  });

  test('the trend recorder samples no energy minute until the seed is in, then continues from it', async () => {
    const m = await fresh();
    const { services: s } = m;
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const energyRows = () => (s.trends.db.prepare(`SELECT count(*) AS n FROM en_quarter`).get() as { n: number }).n;
    assert.ok(ALL_TABLES.includes('en_quarter'));
    // A minute turns while the registers are empty: storing their missing totals and then the jump
    // to the seeded ones would draw a month of energy into one minute.
    s.trends.recorder.tick(minute + 1000);
    s.trends.recorder.tick(minute + 61_000);
    assert.equal(s.registers.whole, false);
    assert.equal(energyRows(), 0);
    await s.registers.caughtUp;
    s.trends.recorder.tick(minute + 121_000);
    assert.equal(energyRows(), 1);
    const latest = s.trends.energyStore.latest()!;
    assert.equal(latest.units[3], toUnits(registerEnergy(s.meter).totals()[3]!));
  });

  test('the readings of registers wait for the seed: energy, demand and DI counts of a meter in service', async () => {
    const m = await fresh();
    const { token } = m.services.sessions.create('admin', { multipleLogin: true })!;
    const replies = await Promise.all(
      ['/api/readings/energy/system', '/api/readings/energy/channels/3', '/api/readings/demand/system', '/api/readings/io'].map((url) => m.call('GET', url, { token })),
    );
    for (const r of replies) assert.equal(r.status, 200, r.raw);
    assert.equal(m.services.registers.whole, true);
    const [energy] = replies;
    const system = (energy!.body.data as Array<Record<string, unknown>>).find((row) => row.Name === 'System');
    assert.ok(system, energy!.raw);
    assert.ok(
      Object.values(system).some((v) => typeof v === 'number' && v > 100),
      JSON.stringify(system),
    );
  });
});
