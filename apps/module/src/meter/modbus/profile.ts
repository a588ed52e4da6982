/**
 * Register profiles: one JSON file per meter model in ./profiles (listed in profiles/index.ts) (docs/modbus.md, "Meter
 * profiles"). A profile maps the values the readings API serves (VALUE_KEYS) to holding
 * registers: address, type (float32, int16, uint16, int32, uint32), word order of the 32-bit
 * types, scale (the value is the register's number × scale) and unit. A key the profile lacks
 * is a value the meter does not give: NaN, shown as '-'.
 */
import { CHANNEL_COUNT } from '@meter/contract';
import { z } from 'zod';
import { PROFILE_FILES } from './profiles/index.ts';

export const REGISTER_TYPES = ['float32', 'int16', 'uint16', 'int32', 'uint32'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

/** Registers each type spans. */
export const WIDTH: Record<RegisterType, 1 | 2> = { float32: 2, int16: 1, uint16: 1, int32: 2, uint32: 2 };

const PH = ['a', 'b', 'c'] as const;
const TOU = ['normal', 'peak', 'sharp', 'valley'] as const;

/**
 * Every value a profile may map, with its unit (the unit the module reads it in; a profile whose
 * meter counts in another one scales it).
 */
export const VALUE_UNITS: Readonly<Record<string, string>> = (() => {
  const u: Record<string, string> = { frequency: 'Hz' };
  for (const p of [...PH, 'avg']) u[`vln.${p}`] = 'V';
  for (const p of ['ab', 'bc', 'ca', 'avg']) u[`vll.${p}`] = 'V';
  for (const p of [...PH, 'avg']) u[`current.${p}`] = 'A';
  for (const [q, unit] of [
    ['p', 'kW'],
    ['q', 'kvar'],
    ['s', 'kVA'],
    ['pf', ''],
  ] as const)
    for (const p of [...PH, 'total']) u[`${q}.${p}`] = unit;
  for (let n = 1; n <= CHANNEL_COUNT; n++) {
    u[`input${n}.vln`] = 'V';
    u[`input${n}.current`] = 'A';
    u[`input${n}.p`] = 'kW';
    u[`input${n}.q`] = 'kvar';
    u[`input${n}.s`] = 'kVA';
    u[`input${n}.pf`] = '';
  }
  Object.assign(u, {
    'energy.importActive': 'kWh',
    'energy.exportActive': 'kWh',
    'energy.importReactive': 'kvarh',
    'energy.exportReactive': 'kvarh',
    'energy.apparent': 'kVAh',
  });
  for (const r of TOU) {
    u[`tou.currentMonth.${r}`] = 'kWh';
    u[`tou.priorMonth.${r}`] = 'kWh';
  }
  for (const [q, unit] of [
    ['current', 'A'],
    ['p', 'kW'],
    ['q', 'kvar'],
    ['s', 'kVA'],
  ] as const) {
    u[`demand.${q}`] = unit;
    u[`demand.${q}.peak`] = unit;
    u[`demand.${q}.prediction`] = unit;
  }
  return u;
})();

/** Values read every 5 s (what the meter counts); every other value is live, read every second. */
export const isCounted = (key: string) => key.startsWith('energy.') || key.startsWith('tou.') || key.startsWith('demand.');

const point = z
  .object({
    /** A number, or hex text as the meter's manual writes it ("0x2000"). */
    address: z.preprocess((v) => (typeof v === 'string' && /^0x[0-9a-f]{1,4}$/i.test(v) ? parseInt(v, 16) : v), z.number().int().min(0).max(0xffff)),
    type: z.enum(REGISTER_TYPES),
    /** 32-bit types: 'high' first (big-endian words, the default) or 'low' first. */
    wordOrder: z.enum(['high', 'low']).default('high'),
    scale: z.number().finite().default(1),
    unit: z.string(),
  })
  .strict();
export type ProfilePoint = z.infer<typeof point>;

const profileSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9-]+$/),
    description: z.string(),
    /** 3 holding registers (the default) or 4 input registers. */
    function: z.union([z.literal(3), z.literal(4)]).default(3),
    values: z.record(z.string(), point),
  })
  .strict()
  .superRefine((p, ctx) => {
    for (const [key, v] of Object.entries(p.values)) {
      const unit = VALUE_UNITS[key];
      if (unit === undefined) ctx.addIssue({ code: 'custom', message: `unknown value ${key}`, path: ['values', key] });
      else if (unit !== v.unit) ctx.addIssue({ code: 'custom', message: `${key} is read in '${unit}', not '${v.unit}' (scale it)`, path: ['values', key] });
      if (v.address + WIDTH[v.type] > 0x10000) ctx.addIssue({ code: 'custom', message: `${key} runs past register 0xFFFF`, path: ['values', key] });
    }
  });
export type MeterProfile = z.infer<typeof profileSchema>;

/** The names of the shipped profiles. */
export function profileNames(): string[] {
  return Object.keys(PROFILE_FILES).sort();
}

/** A shipped profile by name, checked; throws with what is wrong. */
export function loadProfile(name: string): MeterProfile {
  const json = PROFILE_FILES[name];
  if (json === undefined) throw new Error(`no meter profile '${name}' (there are: ${profileNames().join(', ')})`);
  const profile = parseProfile(json);
  if (profile.name !== name) throw new Error(`meter profile ${name}: its file names it '${profile.name}'`);
  return profile;
}

export function parseProfile(json: unknown): MeterProfile {
  const r = profileSchema.safeParse(json);
  if (!r.success) throw new Error(`meter profile: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** One read: `count` registers from `start`, and the values inside it. */
export interface Block {
  start: number;
  count: number;
  keys: string[];
}

export const MAX_BLOCK = 125;

/**
 * Contiguous reads of at most MAX_BLOCK registers covering the points: a block grows only over
 * registers the profile maps (a meter may refuse a read touching an unmapped one).
 */
export function planBlocks(points: ReadonlyArray<[string, ProfilePoint]>): Block[] {
  const sorted = [...points].sort((a, b) => a[1].address - b[1].address);
  const blocks: Block[] = [];
  let cur: Block | undefined;
  for (const [key, p] of sorted) {
    const width = WIDTH[p.type];
    const end = cur ? cur.start + cur.count : -1;
    if (cur && p.address <= end && p.address + width - cur.start <= MAX_BLOCK) {
      cur.count = Math.max(cur.count, p.address + width - cur.start);
      cur.keys.push(key);
    } else {
      cur = { start: p.address, count: width, keys: [key] };
      blocks.push(cur);
    }
  }
  return blocks;
}

/** A point's value from the registers of its block (NaN when the registers do not hold it). */
export function decode(p: ProfilePoint, block: Block, regs: ArrayLike<number>): number {
  const i = p.address - block.start;
  const w = (k: number) => regs[i + k];
  const a = w(0);
  if (a === undefined) return NaN;
  let raw: number;
  if (WIDTH[p.type] === 1) raw = p.type === 'int16' ? (a << 16) >> 16 : a;
  else {
    const b = w(1);
    if (b === undefined) return NaN;
    const [hi, lo] = p.wordOrder === 'high' ? [a, b] : [b, a];
    const buf = Buffer.alloc(4);
    buf.writeUInt16BE(hi & 0xffff, 0);
    buf.writeUInt16BE(lo & 0xffff, 2);
    raw = p.type === 'float32' ? buf.readFloatBE(0) : p.type === 'int32' ? buf.readInt32BE(0) : buf.readUInt32BE(0);
  }
  return Number.isFinite(raw) ? raw * p.scale : NaN;
}
