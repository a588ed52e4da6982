/** A trend store on a temporary folder, fed by the simulator and a hand-driven clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MeterSnapshot } from '../src/meter/reading-source.ts';
import { SimulatedMeter } from '../src/meter/simulator.ts';
import { SecondTicker } from '../src/services/clock/second-ticker.ts';
import { ENERGY_VALUE_COUNT } from '../src/services/trends/series.ts';
import { registerHarmonics, type EnergySource } from '../src/services/trends/sources.ts';
import { TrendService } from '../src/services/trends/trend-service.ts';

export const NY = 'America/New_York';
/** Sunday 2026-03-01 08:00 EST. */
export const T0 = Date.parse('2026-03-01T13:00:00Z');

/** Registers that grow by `rate` units per second of the clock: easy to check differences against. */
export class FakeEnergy implements EnergySource {
  /** kWh per column at t = T0 */
  base = 1000;
  /** kWh per second per column (column k grows k + 1 times as fast) */
  rate = 0.001;
  constructor(private readonly clock: { t: number }) {}
  totals(): Float64Array {
    const out = new Float64Array(ENERGY_VALUE_COUNT);
    const seconds = (this.clock.t - T0) / 1000;
    for (let k = 0; k < out.length; k++) out[k] = this.base + this.rate * (k + 1) * seconds;
    return out;
  }
  whole(): boolean {
    return true;
  }
  settled(): Promise<void> {
    return Promise.resolve();
  }
}

export interface StoreFixture {
  svc: TrendService;
  /** The module's heartbeat, driven by hand: the store is subscribed to it. */
  ticker: SecondTicker;
  clock: { t: number };
  meter: SpikyMeter;
  energy: FakeEnergy;
  dataDir: string;
  /** Ticks every second from the clock's time for `seconds` seconds (clock ends after the last). */
  run(seconds: number): void;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** A meter that can be given a spike: VLN of phase A at one second multiplied by `factor`. */
export class SpikyMeter extends SimulatedMeter {
  spikes = new Map<number, number>();
  override snapshot(atMs: number): MeterSnapshot {
    const s = super.snapshot(atMs);
    const f = this.spikes.get(Math.floor(atMs / 1000));
    if (f) s.phases[0] = { ...s.phases[0], vln: s.phases[0].vln * f };
    return s;
  }
}

export async function storeFixture(options: { start?: number; zone?: string | number } = {}): Promise<StoreFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trends-test-'));
  const clock = { t: options.start ?? T0 };
  const meter = new SpikyMeter({ seed: 7, timeZone: options.zone ?? NY });
  const energy = new FakeEnergy(clock);
  const ticker = new SecondTicker(() => clock.t);
  let unsubscribe = () => {};
  const open = () => {
    const svc = new TrendService({ dataDir, meter, harmonics: registerHarmonics(meter), energy, zone: () => options.zone ?? NY, now: () => clock.t });
    unsubscribe = svc.subscribe(ticker);
    return svc;
  };
  const f: StoreFixture = {
    svc: open(),
    ticker,
    clock,
    meter,
    energy,
    dataDir,
    run(seconds: number) {
      for (let i = 0; i < seconds; i++) {
        ticker.tickAt(clock.t);
        clock.t += 1000;
      }
    },
    async reopen() {
      unsubscribe();
      await f.svc.close();
      f.svc = open();
    },
    async close() {
      await f.svc.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return f;
}

export const count = (svc: TrendService, table: string): number => svc.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
