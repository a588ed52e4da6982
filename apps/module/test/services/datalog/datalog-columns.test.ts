/**
 * The data loggers' columns (001 §3 bits, 002 §3.4): a logger ticking over a real simulated meter
 * and its registers writes files whose columns and values are parsed back and checked against
 * the same meter: min/max/avg over the interval's seconds, the facility ID, energy, demand,
 * power quality and the DI counters.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { HARMONIC_ORDERS, REALTIME_MASK_BITS as B, round } from '@meter/contract';
import { crestFactor, kFactor, partialThd, unbalance } from '../../../src/meter/power-quality.ts';
import { MeterRegisters } from '../../../src/meter/registers/meter-registers.ts';
import { RegisterStore } from '../../../src/meter/registers/register-store.ts';
import { SYSTEM_SLOT, inputSlot } from '../../../src/meter/registers/sampling.ts';
import { SimulatedSource } from '../../../src/meter/simulated-source.ts';
import { SimulatedMeter } from '../../../src/meter/simulator.ts';
import { DATA_LOG_SETTINGS_KEY, defaultSettings, type DataLoggerConfig } from '../../../src/services/datalog/config.ts';
import { DataLogger, detailHeader } from '../../../src/services/datalog/data-logger.ts';
import { KeyValueStore, openDatabase } from '../../../src/store/db.ts';

/** Wednesday 2026-03-04 12:00 UTC: a minute boundary with load on the building. */
const T0 = Date.UTC(2026, 2, 4, 12);
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function rig(cfg: Partial<DataLoggerConfig>) {
  const dir = mkdtempSync(join(tmpdir(), 'datalog-columns-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  const kv = new KeyValueStore(db);
  const settings = defaultSettings();
  kv.set(DATA_LOG_SETTINGS_KEY, { ...settings, dataLog1: { ...settings.dataLog1, ...cfg } });
  const sim = new SimulatedMeter({ seed: 7, timeZone: 0 });
  const registers = MeterRegisters.open({ meter: sim, store: new RegisterStore(db), seed: 7 }, T0 - 60_000);
  const meter = new SimulatedSource(sim, registers);
  const folder = join(dir, 'backup1');
  const logger = new DataLogger('1', folder, { kv, meter, zone: () => 0 });
  const run = (from: number, to: number) => {
    for (let t = from; t <= to; t += 1000) {
      registers.tick(t);
      logger.tick(t);
    }
  };
  const text = () => readFileSync(join(folder, readdirSync(folder)[0]!), 'utf8');
  return { sim, meter, registers, run, text, close: () => db.close() };
}

test('a header with a unit takes the detail before the unit', () => {
  assert.equal(detailHeader('Phase A Voltage (V)', 'max'), 'Phase A Voltage Max (V)');
  assert.equal(detailHeader('System PF', 'avg'), 'System PF Avg');
  assert.equal(detailHeader('Frequency (Hz)', 'inst'), 'Frequency (Hz)');
});

test('power quality figures of known spectra', () => {
  assert.equal(unbalance([230, 230, 230]), 0);
  assert.ok(Math.abs(unbalance([220, 230, 240]) - (10 / 230) * 100) < 1e-9);
  const pure = { orders: HARMONIC_ORDERS.map(() => 0), thd: 0 };
  assert.ok(Math.abs(crestFactor(pure) - Math.SQRT2) < 1e-12);
  assert.equal(kFactor(pure), 1);
  // 10 % third and 5 % second harmonic: odd THD 10, even THD 5, K = (1 + 0.01·9 + 0.0025·4) / 1.0125.
  const some = { orders: HARMONIC_ORDERS.map((o) => (o === 3 ? 10 : o === 2 ? 5 : 0)), thd: Math.sqrt(125) };
  assert.ok(Math.abs(partialThd(some, true) - 10) < 1e-12);
  assert.ok(Math.abs(partialThd(some, false) - 5) < 1e-12);
  assert.ok(Math.abs(kFactor(some) - (1 + 0.09 + 0.01) / 1.0125) < 1e-12);
});

test('CSV with instantaneous, min, max and average over the interval, and the facility ID', () => {
  const r = rig({
    realTimeMask: B.activePower | B.frequency | B.loadType,
    isInstValueOn: true,
    isMinValueOn: true,
    isMaxValueOn: true,
    isAvgValueOn: true,
    logInterval: 12,
    timeStampFormat: 1,
    logFormat: 0,
    facilityId: 'SITE7',
  });
  r.run(T0, T0 + 60_000);
  const [head, first, second] = r
    .text()
    .trim()
    .split('\n')
    .map((l) => l.split(','));
  const col = (name: string) => {
    const i = head!.indexOf(name);
    assert.ok(i >= 0, `no column ${name} in ${head!.join(',')}`);
    return i;
  };
  assert.deepEqual(head!.slice(0, 6), ['Timestamp', 'Facility ID', 'CH1 Active Power (kW)', 'CH1 Active Power Min (kW)', 'CH1 Active Power Max (kW)', 'CH1 Active Power Avg (kW)']);
  assert.ok(head!.includes('CH18 Load Type') && !head!.includes('CH18 Load Type Min'), 'load type is logged as its instant value only');
  assert.equal(second![col('Timestamp')], String((T0 + 60_000) / 1000));
  assert.equal(second![col('Facility ID')], 'SITE7');
  // The stats are taken over the column's own values (kW to 3 decimals, Hz to 2), every second of the interval.
  const p = Array.from({ length: 61 }, (_, k) => round(r.sim.snapshot(T0 + k * 1000).system.p, 3));
  assert.equal(Number(second![col('System Active Power (kW)')]), round(p[60]!, 3));
  assert.equal(Number(second![col('System Active Power Min (kW)')]), round(Math.min(...p), 3));
  assert.equal(Number(second![col('System Active Power Max (kW)')]), round(Math.max(...p), 3));
  assert.equal(Number(second![col('System Active Power Avg (kW)')]), round(p.reduce((a, b) => a + b, 0) / p.length, 3));
  assert.ok(Math.max(...p) > Math.min(...p), 'the simulated power moves within a minute, so min and max differ');
  assert.equal(Number(second![col('Frequency Max (Hz)')]), Math.max(...Array.from({ length: 61 }, (_, k) => round(r.sim.snapshot(T0 + k * 1000).frequency, 2))));
  // The first row saw only its own instant.
  assert.equal(first![col('System Active Power Min (kW)')], first![col('System Active Power Max (kW)')]);
  r.close();
});

test('JSON with energy, demand, every power quality parameter and the DI counters', () => {
  const r = rig({
    realTimeMask: 0,
    energyMask: 7,
    demandMask: 15,
    powerQualityMask: 8191,
    ioMask: 1,
    isInstValueOn: true,
    logInterval: 12,
    timeStampFormat: 2,
    logFormat: 1,
    facilityId: '',
  });
  r.run(T0, T0);
  const row = JSON.parse(r.text().trim()) as Record<string, number | string>;
  const keys = Object.keys(row);
  // Timestamp, energy 3×19, demand 4×19, power quality 2 + 9×3 + 2×30×3, 18 DI counters.
  assert.equal(keys.length, 1 + 57 + 76 + 209 + 18);
  assert.equal(row.Timestamp, '2026-03-04T12:00:00+00:00');
  const sys = r.meter.energy(SYSTEM_SLOT)!;
  assert.equal(row['System Import Active Energy (kWh)'], round(sys.importActive, 3));
  assert.equal(row['System Apparent Energy (kVAh)'], round(sys.apparent, 3));
  const ch3 = r.meter.energy(inputSlot(3));
  assert.equal(row['CH3 Import Reactive Energy (kvarh)'], ch3 ? round(ch3.importReactive, 3) : '');
  const demand = r.meter.demand(SYSTEM_SLOT)!;
  assert.equal(row['System Active Power Demand (kW)'], round(demand.demand[1]!, 3));
  assert.equal(row['System Current Demand (A)'], round(demand.demand[0]!, 3));
  const snap = r.sim.snapshot(T0);
  assert.equal(row['Voltage Unbalance (%)'], round(unbalance(snap.phases.map((p) => p.vln)), 2));
  assert.equal(row['Current Unbalance (%)'], round(unbalance(snap.phases.map((p) => p.current)), 2));
  const vb = r.meter.voltageHarmonics(snap, 1);
  assert.equal(row['Phase B Voltage THD (%)'], round(vb.thd, 2));
  assert.equal(row['Phase B Odd Voltage THD (%)'], round(partialThd(vb, true), 2));
  assert.equal(row['Phase B Voltage Crest Factor'], round(crestFactor(vb), 3));
  assert.equal(row['Phase B Voltage H5 (%)'], round(vb.orders[3]!, 2));
  const ic = r.meter.phaseCurrentHarmonics(snap, 2);
  assert.equal(row['Phase C Current K Factor'], round(kFactor(ic), 3));
  assert.equal(row['Phase C Current H31 (%)'], round(ic.orders[29]!, 2));
  assert.ok(typeof row['Phase A THFF (%)'] === 'number');
  const di = r.meter.digitalInputs(T0);
  assert.equal(row['DI1 Counter'], di[0]!.count);
  assert.equal(row['DI18 Counter'], di[17]!.count);
  r.close();
});
