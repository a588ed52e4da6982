/**
 * Energy samples: the meter's cumulative registers (EP, EQ, ES for Phase A-C, System and the 18
 * inputs: 66 values) once a minute, kept for years.
 *
 * Layout: quarter, hour and day rows hold the cumulative registers at the end of their bucket
 * (the latest minute written in it), as zigzag varints of 0.1 Wh — exact and self-contained.
 * Minutes hold only the increment since the previous sample, fifteen to a row (en_minute_block,
 * keyed by the UTC quarter hour; codec.ts packEnergyBlock): ~67 bytes a minute where one row of
 * varint increments a minute held 81 (and ~180 on disk with its b-tree share): 38 instead of 95 MB
 * a year, measured on the simulated meter. A minute's cumulative value
 * is rebuilt inside its own quarter: cum(m) = quarterEnd − Σ increments of the later minutes of that
 * quarter; the increments telescope exactly because both are differences of the same quantised
 * registers. No row depends on anything outside its quarter, so pruning old minutes is safe. */
import type { Statement } from 'better-sqlite3';
import { BLOCK_SECONDS, emptyEnergyBlock, packEnergyBlock, packVarints, unpackEnergyBlock, unpackVarints } from './codec.ts';
import { ENERGY_VALUE_COUNT } from './series.ts';
import { ENERGY_TABLES, type TrendDb } from './trend-db.ts';

export type EnergyTier = keyof typeof ENERGY_TABLES;
export type CumulativeTier = Exclude<EnergyTier, 'minute'>;

export interface EnergyRow {
  t: number;
  /** cumulative registers at the end of the bucket, 0.1 Wh units (NaN missing) */
  units: Float64Array;
}

/** The block row (UTC quarter hour) that holds minute t. */
export const blockOf = (t: number): number => t - (((t % BLOCK_SECONDS) + BLOCK_SECONDS) % BLOCK_SECONDS);

export class EnergyStore {
  private readonly getBlockStmt: Statement<[number]>;
  private readonly putBlockStmt: Statement<[number, Buffer]>;
  private readonly putTierStmt: Record<CumulativeTier, Statement<[number, Buffer]>>;
  private readonly keepTierStmt: Record<CumulativeTier, Statement<[number, Buffer]>>;
  private readonly rangeStmt: Record<EnergyTier, Statement<[number, number]>>;
  private readonly beforeStmt: Record<CumulativeTier, Statement<[number]>>;
  private readonly edgeStmt: Record<'firstMinute' | 'firstDay' | 'lastDay' | 'lastQuarter', Statement<[]>>;

  constructor(readonly db: TrendDb) {
    this.getBlockStmt = db.prepare<[number]>(`SELECT v FROM ${ENERGY_TABLES.minute} WHERE t = ?`).pluck();
    this.putBlockStmt = db.prepare(`INSERT OR REPLACE INTO ${ENERGY_TABLES.minute} (t, v) VALUES (?, ?)`);
    const tiers: CumulativeTier[] = ['quarter', 'hour', 'day'];
    const map = <T>(f: (tier: CumulativeTier) => T) => Object.fromEntries(tiers.map((x) => [x, f(x)])) as Record<CumulativeTier, T>;
    this.putTierStmt = map((x) => db.prepare(`INSERT OR REPLACE INTO ${ENERGY_TABLES[x]} (t, v) VALUES (?, ?)`));
    this.keepTierStmt = map((x) => db.prepare(`INSERT OR IGNORE INTO ${ENERGY_TABLES[x]} (t, v) VALUES (?, ?)`));
    const range = (tier: EnergyTier) => db.prepare<[number, number]>(`SELECT t, v FROM ${ENERGY_TABLES[tier]} WHERE t >= ? AND t < ? ORDER BY t`).raw(true);
    this.rangeStmt = { minute: range('minute'), ...map(range) };
    this.beforeStmt = map((x) => db.prepare<[number]>(`SELECT t, v FROM ${ENERGY_TABLES[x]} WHERE t < ? ORDER BY t DESC LIMIT 1`).raw(true));
    this.edgeStmt = {
      firstMinute: db.prepare(`SELECT t, v FROM ${ENERGY_TABLES.minute} ORDER BY t LIMIT 1`).raw(true),
      firstDay: db.prepare('SELECT t FROM en_day ORDER BY t LIMIT 1').pluck(),
      lastDay: db.prepare('SELECT t FROM en_day ORDER BY t DESC LIMIT 1').pluck(),
      lastQuarter: db.prepare('SELECT t, v FROM en_quarter ORDER BY t DESC LIMIT 1').raw(true),
    };
  }

  /**
   * One minute: its increments, and the cumulative registers as the latest value of its quarter,
   * hour and day. `keepLater` (backfill going back in time) does not overwrite a tier row that a
   * later minute already wrote.
   */
  putMinute(t: number, increments: ArrayLike<number>, cumulative: ArrayLike<number>, keys: { quarter: number; hour: number; day: number }, keepLater = false): void {
    const b = blockOf(t);
    const slot = (t - b) / 60;
    const stored = this.getBlockStmt.get(b) as Buffer | undefined;
    const block = stored ? unpackEnergyBlock(stored, ENERGY_VALUE_COUNT) : emptyEnergyBlock(ENERGY_VALUE_COUNT);
    block.present |= 1 << slot;
    for (let k = 0; k < ENERGY_VALUE_COUNT; k++) block.incs[slot * ENERGY_VALUE_COUNT + k] = increments[k]!;
    this.putBlockStmt.run(b, packEnergyBlock(block, ENERGY_VALUE_COUNT));
    const blob = packVarints(cumulative);
    const stmts = keepLater ? this.keepTierStmt : this.putTierStmt;
    stmts.quarter.run(keys.quarter, blob);
    stmts.hour.run(keys.hour, blob);
    stmts.day.run(keys.day, blob);
  }

  /** Only the cumulative tiers, never over a later minute's value (backfill beyond the minute retention). */
  putTiers(cumulative: ArrayLike<number>, keys: { quarter: number; hour: number; day: number }): void {
    const blob = packVarints(cumulative);
    this.keepTierStmt.quarter.run(keys.quarter, blob);
    this.keepTierStmt.hour.run(keys.hour, blob);
    this.keepTierStmt.day.run(keys.day, blob);
  }

  *tierRows(tier: CumulativeTier, from: number, to: number): Generator<EnergyRow> {
    for (const [t, v] of this.rangeStmt[tier].iterate(from, to) as Iterable<[number, Buffer]>) yield { t, units: unpackVarints(v, ENERGY_VALUE_COUNT) };
  }

  /** The latest row of a tier before t (the base of a difference). */
  rowBefore(tier: CumulativeTier, t: number): EnergyRow | undefined {
    const r = this.beforeStmt[tier].get(t) as [number, Buffer] | undefined;
    return r ? { t: r[0], units: unpackVarints(r[1], ENERGY_VALUE_COUNT) } : undefined;
  }

  /**
   * Cumulative registers at the end of each stored minute with from ≤ t < to, rebuilt within
   * each quarter from the quarter's end value (see the file comment). `quarterOf` gives the
   * device-zone quarter start of a minute.
   */
  minuteRows(from: number, to: number, quarterOf: (t: number) => number): EnergyRow[] {
    const out: EnergyRow[] = [];
    if (to <= from) return out;
    const q0 = quarterOf(from);
    const q1 = quarterOf(to - 1) + 900;
    const quarters = new Map<number, Float64Array>();
    for (const q of this.tierRows('quarter', q0, q1)) quarters.set(q.t, q.units);
    const minutes = [...this.minuteIncrements(q0, q1)];
    // Walk back from the end of every quarter.
    let i = minutes.length - 1;
    const rebuilt: EnergyRow[] = [];
    while (i >= 0) {
      const q = quarterOf(minutes[i]!.t);
      const end = quarters.get(q);
      let cum = end ? Float64Array.from(end) : new Float64Array(ENERGY_VALUE_COUNT).fill(NaN);
      while (i >= 0 && quarterOf(minutes[i]!.t) === q) {
        const m = minutes[i]!;
        rebuilt.push({ t: m.t, units: cum });
        const prev = new Float64Array(ENERGY_VALUE_COUNT);
        for (let k = 0; k < ENERGY_VALUE_COUNT; k++) prev[k] = cum[k]! - m.inc[k]!;
        cum = prev;
        i--;
      }
    }
    for (let k = rebuilt.length - 1; k >= 0; k--) if (rebuilt[k]!.t >= from && rebuilt[k]!.t < to) out.push(rebuilt[k]!);
    return out;
  }

  /** The stored minutes with from ≤ t < to and their increments, in time order. */
  private *minuteIncrements(from: number, to: number): Generator<{ t: number; inc: Float64Array }> {
    for (const [b, v] of this.rangeStmt.minute.iterate(blockOf(from), to) as Iterable<[number, Buffer]>) {
      const block = unpackEnergyBlock(v, ENERGY_VALUE_COUNT);
      for (let i = 0; i < BLOCK_SECONDS / 60; i++) {
        const t = b + 60 * i;
        if (block.present & (1 << i) && t >= from && t < to) yield { t, inc: block.incs.subarray(i * ENERGY_VALUE_COUNT, (i + 1) * ENERGY_VALUE_COUNT) };
      }
    }
  }

  /** The cumulative registers of the latest sample (the last quarter row), to continue from. */
  latest(): EnergyRow | undefined {
    const r = this.edgeStmt.lastQuarter.get() as [number, Buffer] | undefined;
    return r ? { t: r[0], units: unpackVarints(r[1], ENERGY_VALUE_COUNT) } : undefined;
  }

  firstMinute(): number | undefined {
    const r = this.edgeStmt.firstMinute.get() as [number, Buffer] | undefined;
    if (!r) return undefined;
    const present = unpackEnergyBlock(r[1], ENERGY_VALUE_COUNT).present;
    // A block row is written with its first minute: its lowest set bit.
    return r[0] + 60 * Math.log2(present & -present);
  }

  dayRange(): { first: number; last: number } | undefined {
    const first = this.edgeStmt.firstDay.get() as number | undefined;
    const last = this.edgeStmt.lastDay.get() as number | undefined;
    return first === undefined || last === undefined ? undefined : { first, last };
  }
}
