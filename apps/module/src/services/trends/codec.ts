/**
 * Packing of trend values into BLOBs.
 *
 * Real-time sample (one second, 75 bytes for the 33 values of series.ts): per group one int8
 * decimal exponent, then every value as an int16 mantissa, value = m · 10^e. Why this layout:
 * 30 days are 2,592,000 rows, so every byte of a row costs 2.6 MB. float32 for all values would be
 * 132 bytes (~370 MB with SQLite's per-row overhead, over the 300 MB budget); fixed int16 scales
 * cannot cover a CT of 5 A and one of 50,000 A alike. A shared exponent per group keeps 4.5
 * significant digits for the largest value of the group (VLN 120.00 V, I 48.125 A, PF 0.9812)
 * whatever the meter's size, and the row stays at 75 bytes + ~12 bytes of SQLite overhead.
 * Decoding divides by a power of ten (m / 100, not m · 0.01) so 12012 reads as 120.12 exactly.
 * -32768 marks a missing value.
 *
 * Rollup (minute/hour/day): three samples in a row — min, max, avg — in the same layout.
 *
 * Energy: zigzag varints of integer 0.1 Wh (1e-4 kWh) units, 0 = missing. Cumulative registers
 * in tier rows, per-minute increments in minute rows (1-3 bytes instead of 5-6; see energy-store).
 */
import { OFFSETS, SERIES, VALUE_COUNT } from './series.ts';

const GROUPS = SERIES.length;
export const SAMPLE_BYTES = GROUPS + 2 * VALUE_COUNT;
export const ROLLUP_BYTES = 3 * SAMPLE_BYTES;
export const STAT = { min: 0, max: 1, avg: 2 } as const;
export type Stat = keyof typeof STAT;

const MISSING = -32768;
const MAX_M = 32767;
const POW10 = Array.from({ length: 25 }, (_, i) => 10 ** i);
/** Never store more precision than digits + 2 decimals: it would only be noise. */
const MIN_EXP = SERIES.map((g) => -(g.digits + 2));
const MAX_EXP = 12;

function scale(e: number): number {
  return e >= 0 ? POW10[e]! : 1 / POW10[-e]!;
}

/** Writes one sample (VALUE_COUNT values) at `offset`. */
export function encodeSample(values: ArrayLike<number>, out: Buffer, offset = 0): void {
  for (let g = 0; g < GROUPS; g++) {
    const from = OFFSETS[g]!;
    const to = from + SERIES[g]!.columns.length;
    let maxAbs = 0;
    for (let i = from; i < to; i++) {
      const v = values[i]!;
      if (Number.isFinite(v) && Math.abs(v) > maxAbs) maxAbs = Math.abs(v);
    }
    let e = maxAbs > 0 ? Math.ceil(Math.log10(maxAbs / MAX_M)) : MIN_EXP[g]!;
    if (e < MIN_EXP[g]!) e = MIN_EXP[g]!;
    // log10 can land a hair low: make sure the largest mantissa fits.
    while (e < MAX_EXP && Math.round(maxAbs / scale(e)) > MAX_M) e++;
    out.writeInt8(e, offset + g);
    const inv = e >= 0 ? 1 / POW10[e]! : POW10[-e]!;
    for (let i = from; i < to; i++) {
      const v = values[i]!;
      const m = Number.isFinite(v) ? Math.max(-MAX_M, Math.min(MAX_M, Math.round(v * inv))) : MISSING;
      out.writeInt16LE(m, offset + GROUPS + 2 * i);
    }
  }
}

export function packSample(values: ArrayLike<number>): Buffer {
  const b = Buffer.allocUnsafe(SAMPLE_BYTES);
  encodeSample(values, b);
  return b;
}

/** Decodes the values of one group into out[OFFSETS[g]..]; missing → NaN. */
export function decodeGroup(buf: Uint8Array, offset: number, g: number, out: Float64Array): void {
  const e = (buf[offset + g]! << 24) >> 24;
  const from = OFFSETS[g]!;
  const to = from + SERIES[g]!.columns.length;
  for (let i = from; i < to; i++) {
    const p = offset + GROUPS + 2 * i;
    const m = ((buf[p]! | (buf[p + 1]! << 8)) << 16) >> 16;
    out[i] = m === MISSING ? NaN : e >= 0 ? m * POW10[e]! : m / POW10[-e]!;
  }
}

export function decodeSample(buf: Uint8Array, offset = 0, out: Float64Array = new Float64Array(VALUE_COUNT), groups?: readonly number[]): Float64Array {
  if (groups) for (const g of groups) decodeGroup(buf, offset, g, out);
  else for (let g = 0; g < GROUPS; g++) decodeGroup(buf, offset, g, out);
  return out;
}

export function packRollup(min: ArrayLike<number>, max: ArrayLike<number>, avg: ArrayLike<number>): Buffer {
  const b = Buffer.allocUnsafe(ROLLUP_BYTES);
  encodeSample(min, b, 0);
  encodeSample(max, b, SAMPLE_BYTES);
  encodeSample(avg, b, 2 * SAMPLE_BYTES);
  return b;
}

// ---- energy varints ---------------------------------------------------------------------------

export const ENERGY_UNITS_PER_KWH = 10_000;

/** kWh → integer 0.1 Wh units; NaN stays NaN (missing). */
export const toUnits = (kwh: number): number => (Number.isFinite(kwh) ? Math.round(kwh * ENERGY_UNITS_PER_KWH) : NaN);
export const fromUnits = (u: number): number => (Number.isFinite(u) ? u / ENERGY_UNITS_PER_KWH : NaN);

/** Integers up to 2^52 (arithmetic, not bitwise: registers pass 2^31 units after 21 MWh). */
export function packVarints(units: ArrayLike<number>): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    // 0 = missing, else zigzag + 1.
    let z = Number.isFinite(u) ? (u >= 0 ? 2 * u : -2 * u - 1) + 1 : 0;
    while (z >= 128) {
      bytes.push((z % 128) | 128);
      z = Math.floor(z / 128);
    }
    bytes.push(z);
  }
  return Buffer.from(bytes);
}

export function unpackVarints(buf: Uint8Array, count: number, out: Float64Array = new Float64Array(count)): Float64Array {
  let p = 0;
  for (let i = 0; i < count; i++) {
    let z = 0;
    let mul = 1;
    for (;;) {
      const b = buf[p++];
      if (b === undefined) {
        z = 0;
        break;
      }
      z += (b & 127) * mul;
      if (b < 128) break;
      mul *= 128;
    }
    if (z === 0) out[i] = NaN;
    else {
      const zz = z - 1;
      out[i] = zz % 2 === 0 ? zz / 2 : -(zz + 1) / 2;
    }
  }
  return out;
}

// ---- energy minute blocks ---------------------------------------------------------------------

/** Minutes in one block row: a quarter hour. */
export const BLOCK_MINUTES = 15;
export const BLOCK_SECONDS = BLOCK_MINUTES * 60;
const BLOCK_FORMAT = 1;

/** The minutes of one block: `present` has bit i set when minute i holds data; incs[i * count + k]. */
export interface EnergyBlock {
  present: number;
  incs: Float64Array;
}

export const emptyEnergyBlock = (count: number): EnergyBlock => ({ present: 0, incs: new Float64Array(BLOCK_MINUTES * count).fill(NaN) });

function pushVarint(bytes: number[], z: number): void {
  while (z >= 128) {
    bytes.push((z % 128) | 128);
    z = Math.floor(z / 128);
  }
  bytes.push(z);
}

/**
 * A quarter hour of minute increments in one row. Layout: format byte, uint16 LE bitmask of the
 * minutes present, then register by register, minute by minute, the change of the increment from
 * the register's previous minute as a zigzag varint + 1 (0 = missing). A steady load's increments
 * differ by its noise only, so most values take one byte instead of two or three, and fifteen
 * minutes share one row's overhead (SQLite's ~12 bytes a row and its b-tree pages).
 */
export function packEnergyBlock(block: EnergyBlock, count: number): Buffer {
  const bytes: number[] = [BLOCK_FORMAT, block.present & 0xff, block.present >> 8];
  for (let k = 0; k < count; k++) {
    let prev = 0;
    for (let i = 0; i < BLOCK_MINUTES; i++) {
      if (!(block.present & (1 << i))) continue;
      const u = block.incs[i * count + k]!;
      if (!Number.isFinite(u)) {
        bytes.push(0);
        continue;
      }
      const d = u - prev;
      prev = u;
      pushVarint(bytes, (d >= 0 ? 2 * d : -2 * d - 1) + 1);
    }
  }
  return Buffer.from(bytes);
}

export function unpackEnergyBlock(buf: Uint8Array, count: number): EnergyBlock {
  if (buf[0] !== BLOCK_FORMAT) throw new Error(`energy block format ${buf[0]} is unknown`);
  const block = emptyEnergyBlock(count);
  block.present = buf[1]! | (buf[2]! << 8);
  let p = 3;
  for (let k = 0; k < count; k++) {
    let prev = 0;
    for (let i = 0; i < BLOCK_MINUTES; i++) {
      if (!(block.present & (1 << i))) continue;
      let z = 0;
      let mul = 1;
      for (;;) {
        const b = buf[p++];
        if (b === undefined) throw new Error('energy block is truncated');
        z += (b & 127) * mul;
        if (b < 128) break;
        mul *= 128;
      }
      if (z === 0) continue;
      const zz = z - 1;
      prev += zz % 2 === 0 ? zz / 2 : -(zz + 1) / 2;
      block.incs[i * count + k] = prev;
    }
  }
  return block;
}
