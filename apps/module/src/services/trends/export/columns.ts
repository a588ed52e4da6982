/**
 * The export's columns from the body's masks and value flags (001 §3, §7).
 * Real-time and voltage-THD groups give one column per channel and value kind; load type
 * (realtime bit 256) is the sign of the bucket's mean reactive power; energy gives the
 * cumulative register at the end of each bucket for Phase A-C, System and the 18 inputs
 * (value flags do not apply: a register has one value).
 */
import { ENERGY_UNITS, LOG_TYPE_MASK_FIELD, TREND_PARAM_BITS, trendBitsOf, type ExportTrendLogBody, type LogTypeName } from '@meter/contract';
import { loadNatureOf } from '../../../meter/physics.ts';
import { ENERGY_BITS, ENERGY_COLUMNS, ENERGY_PARAMS, groupIndex, LOAD_TYPE_BIT, OFFSETS, SERIES } from '../series.ts';

export type ValueKind = 'inst' | 'avg' | 'max' | 'min';
const KIND_LABEL: Record<ValueKind, string> = { inst: 'Inst', avg: 'Avg', max: 'Max', min: 'Min' };

export type ExportColumn =
  | { kind: 'realtime'; header: string; index: number; value: ValueKind; digits: number }
  | { kind: 'load'; header: string; q: number; s: number }
  | { kind: 'energy'; header: string; index: number };

export interface ExportPlan {
  columns: ExportColumn[];
  groups: number[];
  needsInst: boolean;
  hasRealtime: boolean;
  hasEnergy: boolean;
}

/** What the store can export, per log type: the bits it records (the rest are refused). */
export function recordedBits(type: LogTypeName): number {
  if (type === 'energy') return ENERGY_BITS.EP | ENERGY_BITS.EQ | ENERGY_BITS.ES;
  if (type === 'realTime') return SERIES.filter((g) => g.mask.type === 'realTime').reduce((m, g) => m | g.mask.bit, LOAD_TYPE_BIT);
  return SERIES.filter((g) => g.mask.type === type).reduce((m, g) => m | g.mask.bit, 0);
}

/** Labels of selected bits the store does not record ('Demand: Active Power Demand' ...). */
export function unrecordedParameters(body: ExportTrendLogBody): string[] {
  const out: string[] = [];
  for (const type of Object.keys(TREND_PARAM_BITS) as LogTypeName[]) {
    const missing = body[LOG_TYPE_MASK_FIELD[type]] & ~recordedBits(type);
    for (const bit of trendBitsOf(missing)) {
      const p = TREND_PARAM_BITS[type].find((x) => x.bit === bit);
      if (p) out.push(p.label);
    }
  }
  return out;
}

function valueKinds(body: ExportTrendLogBody): { kinds: ValueKind[]; suffix: boolean } {
  const kinds: ValueKind[] = [];
  if (body.isInstValueOn) kinds.push('inst');
  if (body.isAvgValueOn) kinds.push('avg');
  if (body.isMaxValueOn) kinds.push('max');
  if (body.isMinValueOn) kinds.push('min');
  // 001 §7 shows the console sending all four false: that is the interval's mean, unlabelled.
  return kinds.length ? { kinds, suffix: true } : { kinds: ['avg'], suffix: false };
}

export function exportPlan(body: ExportTrendLogBody): ExportPlan {
  const columns: ExportColumn[] = [];
  const groups: number[] = [];
  const { kinds, suffix } = valueKinds(body);
  SERIES.forEach((g, gi) => {
    if ((body[LOG_TYPE_MASK_FIELD[g.mask.type]] & g.mask.bit) === 0) return;
    groups.push(gi);
    g.columns.forEach((col, k) => {
      for (const value of kinds) {
        const unit = g.unit ? ` (${g.unit})` : '';
        columns.push({ kind: 'realtime', header: `${g.key} ${col}${suffix ? ` ${KIND_LABEL[value]}` : ''}${unit}`, index: OFFSETS[gi]! + k, value, digits: g.digits });
      }
    });
  });
  if (body.realTimeMask & LOAD_TYPE_BIT) {
    const q = groupIndex('Q');
    const s = groupIndex('S');
    for (const g of [q, s]) if (!groups.includes(g)) groups.push(g);
    SERIES[q]!.columns.forEach((col, k) => columns.push({ kind: 'load', header: `Load Type ${col}`, q: OFFSETS[q]! + k, s: OFFSETS[s]! + k }));
  }
  const n = ENERGY_COLUMNS.length;
  ENERGY_PARAMS.forEach((p, pi) => {
    if ((body.energyMask & ENERGY_BITS[p]) === 0) return;
    ENERGY_COLUMNS.forEach((col, c) => columns.push({ kind: 'energy', header: `${p} ${col} (${ENERGY_UNITS[p]})`, index: pi * n + c }));
  });
  return {
    columns,
    groups: groups.sort((a, b) => a - b),
    needsInst: columns.some((c) => c.kind === 'realtime' && c.value === 'inst'),
    hasRealtime: columns.some((c) => c.kind !== 'energy'),
    hasEnergy: columns.some((c) => c.kind === 'energy'),
  };
}

export function loadTypeOf(q: number, s: number): string {
  return Number.isFinite(q) && Number.isFinite(s) ? loadNatureOf(q, s) : '';
}
