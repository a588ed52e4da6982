/** Energy, demand, harmonics and IO calls: shapes, physics, persistence, setRO, permissions. */
import { DEMAND_KEYS, ENERGY_KEYS as E, HARMONIC_KEYS as H, HARMONIC_ORDERS, TOU_KEYS, TOU_RATES, demandRows, energyRows, harmonicsRows, ioReply } from '@meter/contract';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, addRole, addUser, eventLog, moduleWithClock, testClock } from '../../users-helpers.ts';

/** Wednesday 2026-03-18 11:00 in New York (the device's default zone). */
const T0 = Date.parse('2026-03-18T15:00:00Z');
const SECOND = 1000;
const HOUR = 3_600_000;
const SYSTEM_NAMES = ['Phase A', 'Phase B', 'Phase C', 'System'];
const ENERGY_KEY_SET = ['Name', ...Object.values(E), ...Object.values(TOU_KEYS.currentMonth), ...Object.values(TOU_KEYS.priorMonth)].sort();

type Row = Record<string, number | string>;
const num = (row: Row | undefined, key: string) => {
  assert.ok(row, `no row for ${key}`);
  return row[key] as number;
};
const near = (actual: number, expected: number, tol: number, what = '') => assert.ok(Math.abs(actual - expected) <= tol, `${what} ${actual} vs ${expected} (tol ${tol})`);

/** Advances the module's clock second by second, ticking like the launcher's ticker. */
function ticks(m: TestModule, clock: { t: number }, seconds: number): void {
  for (let k = 0; k < seconds; k++) {
    clock.t += SECOND;
    m.services.ticker.tickAt(clock.t);
  }
}

describe('metering API', () => {
  let m: TestModule;
  const { clock, now } = testClock(T0);
  let token: string;
  before(async () => ({ m, admin: token } = await startModuleWithUsers({ now })));
  after(() => m.close());

  const get = async (url: string): Promise<any> => {
    const r = await m.call('GET', url, { token });
    assert.equal(r.status, 200, `${url}: ${r.raw}`);
    return r.body.data;
  };
  const inputRows = async (kind: 'energy' | 'demand') => {
    const rows: Row[] = [];
    for (let c = 1; c <= 18; c++) rows.push(...(await get(`/api/readings/${kind}/channels/${c}`)));
    return rows;
  };

  test('energy/system: Phase A-C and System rows with every energy and TOU key', async () => {
    const rows: Row[] = energyRows.parse(await get('/api/readings/energy/system'));
    assert.deepEqual(
      rows.map((r) => r.Name),
      SYSTEM_NAMES,
    );
    for (const r of rows) assert.deepEqual(Object.keys(r).sort(), ENERGY_KEY_SET);
    const sys = rows[3];
    // A building that only consumes: nothing exported; a seeded history of months.
    assert.equal(num(sys, E.exportActive), 0);
    const months = num(sys, TOU_KEYS.currentMonth.total) + num(sys, TOU_KEYS.priorMonth.total);
    assert.ok(num(sys, E.importActive) > months && months > 1000, `${num(sys, E.importActive)} vs ${months}`);
    assert.ok(num(sys, E.apparent) >= num(sys, E.importActive));
    for (const r of rows) {
      for (const tou of [TOU_KEYS.currentMonth, TOU_KEYS.priorMonth]) {
        near(
          TOU_RATES.reduce((s, rate) => s + num(r, tou[rate]), 0),
          num(r, tou.total),
          0.011,
          `${r.Name} TOU total`,
        );
      }
    }
  });

  test('energy: the system is the sum of the inputs, the phases of theirs', async () => {
    const sys: Row[] = await get('/api/readings/energy/system');
    const inputs = await inputRows('energy');
    assert.deepEqual(
      inputs.map((r) => r.Name),
      Array.from({ length: 18 }, (_, i) => `Input Channel ${i + 1}`),
    );
    const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + num(r, key), 0);
    for (const key of [E.importActive, TOU_KEYS.currentMonth.total, TOU_KEYS.priorMonth.peak]) {
      near(sum(inputs, key), num(sys[3], key), 0.1, `system ${key}`);
      near(
        sum(
          inputs.filter((_, i) => i % 3 === 0),
          key,
        ),
        num(sys[0], key),
        0.04,
        `Phase A ${key}`,
      );
    }
    // Reactive energy is signed: what the system nets equals the inputs' imports minus exports.
    const net = (r: Row | undefined) => num(r, E.importReactive) - num(r, E.exportReactive);
    near(
      inputs.reduce((s, r) => s + net(r), 0),
      net(sys[3]),
      0.2,
      'net kvarh',
    );
    // The LED lighting (input 5) leads: its reactive energy is exported.
    assert.ok(num(inputs[4], E.exportReactive) > 0 && num(inputs[4], E.importReactive) === 0);
  });

  test('energy grows as the integral of power over the ticks', async () => {
    const before = num((await get('/api/readings/energy/system'))[3], E.importActive);
    const start = clock.t;
    ticks(m, clock, 120);
    let expected = 0;
    for (let k = 1; k <= 120; k++) expected += m.services.meter.snapshot(start + k * SECOND).system.p / 3600;
    const afterRows = await get('/api/readings/energy/system');
    near(num(afterRows[3], E.importActive) - before, expected, 0.011, 'kWh over 2 minutes');
  });

  test('energy/channels: a user channel has its inputs and a Total that adds them; unknown channels are 404', async () => {
    const rows: Row[] = await get('/api/readings/energy/channels/19');
    assert.deepEqual(
      rows.map((r) => r.Name),
      ['Phase A', 'Phase B', 'Phase C', 'Total'],
    );
    near(
      rows.slice(0, 3).reduce((s, r) => s + num(r, E.importActive), 0),
      num(rows[3], E.importActive),
      0.02,
    );
    for (const path of ['energy/channels/25', 'energy/channels/0', 'energy/channels/abc', 'demand/channels/99', 'harmonics/current/25']) {
      const r = await m.call('GET', `/api/readings/${path}`, { token });
      assert.equal(r.status, 404, path);
      assert.equal(r.body.data.value, 'No data available');
    }
  });

  test('demand: 001 §3 keys; System without current demand; peaks at least the demand', async () => {
    const rows: Row[] = demandRows.parse(await get('/api/readings/demand/system'));
    assert.deepEqual(
      rows.map((r) => r.Name),
      SYSTEM_NAMES,
    );
    const all = Object.values(DEMAND_KEYS).flatMap((k) => Object.values(k));
    const withoutCurrent = all.filter((k) => !Object.values(DEMAND_KEYS.current).includes(k as never));
    for (const r of rows.slice(0, 3)) assert.deepEqual(Object.keys(r).sort(), ['Name', ...all].sort());
    assert.deepEqual(Object.keys(rows[3] ?? {}).sort(), ['Name', ...withoutCurrent].sort());
    for (const r of [...rows, ...(await inputRows('demand'))]) {
      for (const k of Object.values(DEMAND_KEYS)) {
        if (!(k.demand in r)) continue;
        assert.ok(Math.abs(num(r, k.peak)) >= Math.abs(num(r, k.demand)) - 1e-3, `${r.Name} ${k.peak}`);
        assert.match(r[k.peakTime] as string, /^2026\/03\/\d\d \d\d:\d\d:\d\d$/);
        assert.ok(Number.isFinite(num(r, k.prediction)));
      }
    }
    // Demand is an average, so it adds like power does.
    const kw = DEMAND_KEYS.active.demand;
    near(num(rows[0], kw) + num(rows[1], kw) + num(rows[2], kw), num(rows[3], kw), 0.003);
    const user: Row[] = await get('/api/readings/demand/channels/20');
    assert.deepEqual(
      user.map((r) => r.Name),
      ['Phase A', 'Phase B', 'Phase C', 'Total'],
    );
    assert.ok(DEMAND_KEYS.current.demand in (user[3] ?? {}));
  });

  test('harmonics/voltage: per phase, voltage and current THD consistent with their orders', async () => {
    const rows: Row[] = harmonicsRows.parse(await get('/api/readings/harmonics/voltage'));
    assert.deepEqual(
      rows.map((r) => r.Name),
      ['Phase A', 'Phase B', 'Phase C'],
    );
    for (const r of rows) {
      assert.equal(Object.keys(r).length, 1 + 2 * (1 + HARMONIC_ORDERS.length));
      const v = HARMONIC_ORDERS.map((n) => num(r, H.voltage(n)));
      const i = HARMONIC_ORDERS.map((n) => num(r, H.current(n)));
      near(Math.hypot(...v), num(r, H.voltageThd), 0.05, 'THD-V');
      near(Math.hypot(...i), num(r, H.currentThd), 0.1, 'THD-I');
      assert.ok(num(r, H.voltageThd) >= 1 && num(r, H.voltageThd) <= 4);
      assert.ok(num(r, H.currentThd) > 0 && num(r, H.currentThd) <= 35);
      // Odd orders dominate.
      assert.ok(num(r, H.voltage(5)) > num(r, H.voltage(4)) && num(r, H.current(3)) > num(r, H.current(2)));
    }
  });

  test('harmonics/current: one row per input of the channel; a spare input reads 0', async () => {
    const plugs: Row[] = await get('/api/readings/harmonics/current/7');
    assert.deepEqual(
      plugs.map((r) => r.Name),
      ['Input Channel 7'],
    );
    assert.equal(Object.keys(plugs[0] ?? {}).length, 2 + HARMONIC_ORDERS.length);
    assert.ok(num(plugs[0], H.currentThd) > 5 && num(plugs[0], H.currentThd) <= 35);
    near(Math.hypot(...HARMONIC_ORDERS.map((n) => num(plugs[0], H.current(n)))), num(plugs[0], H.currentThd), 0.1);
    assert.equal(num((await get('/api/readings/harmonics/current/18'))[0], H.currentThd), 0);
    assert.deepEqual(
      (await get('/api/readings/harmonics/current/21')).map((r: Row) => r.Name),
      ['Phase A', 'Phase B', 'Phase C'],
    );
  });

  test('io: 18 digital inputs named as getDiName, DI1-DI4 counting; RO1 and RO2', async () => {
    const io = ioReply.parse(await get('/api/readings/io'));
    const names = await get('/api/settings/getDiName');
    assert.deepEqual(
      io.di.map((d) => d.name),
      Array.from({ length: 18 }, (_, i) => names[`di${i + 1}Config`].name),
    );
    assert.deepEqual(
      io.di.map((d) => d.type),
      [1, 1, 1, 1, ...Array(14).fill(0)],
    );
    for (const d of io.di.slice(0, 4)) assert.ok(d.counter > 0 && d.unit !== '' && d.value > 0);
    assert.deepEqual(io.ro, [
      { name: 'RO1', status: 0 },
      { name: 'RO2', status: 0 },
    ]);
    ticks(m, clock, 600);
    const later = ioReply.parse(await get('/api/readings/io'));
    const [di3Before, di3After] = [io.di[2], later.di[2]];
    assert.ok(di3Before && di3After && di3After.counter > di3Before.counter, 'DI3 counts on');
    assert.equal(later.di[5]?.counter, 0);
  });

  test('setRO: round trip; bad bodies are 400 and change nothing', async () => {
    const set = (body: unknown) => m.call('PATCH', '/api/command/setRO', { token, body });
    const ok = await set({ ro1: 1, ro2: 0 });
    assert.equal(ok.status, 200, ok.raw);
    assert.deepEqual(ok.body, { data: { value: 'Success' } });
    assert.deepEqual((await get('/api/readings/io')).ro, [
      { name: 'RO1', status: 1 },
      { name: 'RO2', status: 0 },
    ]);
    assert.ok(eventLog(m).some((e) => e.message === 'Relay output 1 set to ON by admin'));
    for (const bad of [{}, { ro1: 0 }, { ro1: 2, ro2: 0 }, { ro1: '0', ro2: 1 }, { ro1: 0, ro2: 1, ro3: 1 }, [0, 1]]) {
      const r = await set(bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal(typeof r.body.data.value, 'string');
    }
    assert.deepEqual((await get('/api/readings/io')).ro, [
      { name: 'RO1', status: 1 },
      { name: 'RO2', status: 0 },
    ]);
  });

  test('permissions: readings view reads but can not set relays; no readings bits: 403 everywhere', async () => {
    await addUser(m, token, 'viewer');
    await addRole(m, token, 'noread', 2, 0, 0, 0);
    await addUser(m, token, 'noread', { accessLevel: 'noread' });
    const viewer = await m.login('viewer', USER_PASSWORD);
    const noread = await m.login('noread', USER_PASSWORD);
    const reads = ['energy/system', 'energy/channels/1', 'demand/system', 'demand/channels/1', 'harmonics/voltage', 'harmonics/current/1', 'io'];
    for (const path of reads) {
      assert.equal((await m.call('GET', `/api/readings/${path}`, { token: viewer })).status, 200, path);
      assert.equal((await m.call('GET', `/api/readings/${path}`, { token: noread })).status, 403, path);
    }
    for (const t of [viewer, noread]) assert.equal((await m.call('PATCH', '/api/command/setRO', { token: t, body: { ro1: 0, ro2: 0 } })).status, 403);
    assert.deepEqual(
      (await get('/api/readings/io')).ro.map((r: Row) => r.status),
      [1, 0],
    );
  });
});

describe('metering registers across a restart', () => {
  test('energy, demand peaks, counters and relays survive; the time away is caught up', async () => {
    const first = await moduleWithClock({ start: T0 });
    const dataDir = first.m.dataDir;
    try {
      const token = await first.m.login();
      ticks(first.m, first.clock, 30);
      assert.equal((await first.m.call('PATCH', '/api/command/setRO', { token, body: { ro1: 1, ro2: 1 } })).status, 200);
      const energy = (await first.m.call('GET', '/api/readings/energy/system', { token })).body.data[3];
      const demand = (await first.m.call('GET', '/api/readings/demand/system', { token })).body.data[3];
      const io = (await first.m.call('GET', '/api/readings/io', { token })).body.data;
      const stoppedAt = first.clock.t;
      await first.m.close(true);

      // Two hours later, on the same data folder.
      const second = await moduleWithClock({ dataDir, start: stoppedAt + 2 * HOUR });
      try {
        // The time away is caught up in slices after the listener opens: read once it is whole.
        await second.m.services.registers.caughtUp;
        const t2 = await second.m.login();
        const energy2 = (await second.m.call('GET', '/api/readings/energy/system', { token: t2 })).body.data[3];
        let expected = 0;
        for (let t = stoppedAt + 10 * SECOND; t <= stoppedAt + 2 * HOUR; t += 10 * SECOND) expected += second.m.services.meter.snapshot(t).system.p / 360;
        near(num(energy2, E.importActive) - num(energy, E.importActive), expected, 0.002 * expected + 0.02, 'caught-up kWh');
        near(num(energy2, TOU_KEYS.priorMonth.total), num(energy, TOU_KEYS.priorMonth.total), 0.001, 'prior month unchanged');
        const demand2 = (await second.m.call('GET', '/api/readings/demand/system', { token: t2 })).body.data[3];
        const kw = DEMAND_KEYS.active;
        assert.ok(num(demand2, kw.peak) >= num(demand, kw.peak), 'peak kept (same month)');
        const io2 = (await second.m.call('GET', '/api/readings/io', { token: t2 })).body.data;
        assert.deepEqual(
          io2.ro.map((r: Row) => r.status),
          [1, 1],
        );
        for (let i = 0; i < 4; i++) assert.ok(io2.di[i].counter > io.di[i].counter, `DI${i + 1} counted while away`);
      } finally {
        await second.m.close(true);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
