/**
 * The Modbus TCP register map (docs/modbus.md): holding registers read with function 03, each
 * value an IEEE-754 float32 in two registers, high word first. The basic block at 0x2000
 * follows the AcuRev 2000 meter; power, power factor, energy and the 18 inputs are this
 * module's extension. One table: the server answers from it, docs/modbus.md lists it, the
 * tests walk it.
 */
import { CHANNEL_COUNT } from '@meter/contract';
import { PHASES as PHASE_INDEXES, inputOf, type MeterSnapshot, type ReadingSource } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT } from '../../meter/registers/sampling.ts';

export interface RegisterPoint {
  /** First of the two registers. */
  address: number;
  name: string;
  unit: string;
  value: (s: MeterSnapshot, meter: ReadingSource) => number;
}

const PHASES = ['A', 'B', 'C'] as const;
const LINES = ['AB', 'BC', 'CA'] as const;

const point = (address: number, name: string, unit: string, value: RegisterPoint['value']): RegisterPoint => ({ address, name, unit, value });

function basicBlock(): RegisterPoint[] {
  const p: RegisterPoint[] = [point(0x2000, 'Frequency', 'Hz', (s) => s.frequency)];
  PHASE_INDEXES.forEach((i) => p.push(point(0x2002 + 2 * i, `Voltage ${PHASES[i]}-N`, 'V', (s) => s.phases[i].vln)));
  p.push(point(0x2008, 'Voltage L-N average', 'V', (s) => s.system.vlnAvg));
  PHASE_INDEXES.forEach((i) => p.push(point(0x200a + 2 * i, `Voltage ${LINES[i]}`, 'V', (s) => s.phases[i].vll)));
  p.push(point(0x2010, 'Voltage L-L average', 'V', (s) => s.system.vllAvg));
  PHASE_INDEXES.forEach((i) => p.push(point(0x2012 + 2 * i, `Current ${PHASES[i]}`, 'A', (s) => s.phases[i].current)));
  p.push(point(0x2018, 'Current average', 'A', (s) => s.system.currentAvg));
  const perPhase = (base: number, name: string, unit: string, pick: (x: { p: number; q: number; s: number; pf: number }) => number) => {
    PHASE_INDEXES.forEach((i) => p.push(point(base + 2 * i, `${name} ${PHASES[i]}`, unit, (s) => pick(s.phases[i]))));
    p.push(point(base + 6, `${name} total`, unit, (s) => pick(s.system)));
  };
  perPhase(0x201a, 'Active power', 'kW', (x) => x.p);
  perPhase(0x2022, 'Reactive power', 'kvar', (x) => x.q);
  perPhase(0x202a, 'Apparent power', 'kVA', (x) => x.s);
  perPhase(0x2032, 'Power factor', '', (x) => x.pf);
  return p;
}

function energyBlock(): RegisterPoint[] {
  const e = (m: ReadingSource) => m.energy(SYSTEM_SLOT);
  return [
    point(0x2100, 'Import active energy', 'kWh', (_, m) => e(m)?.importActive ?? 0),
    point(0x2102, 'Export active energy', 'kWh', (_, m) => e(m)?.exportActive ?? 0),
    point(0x2104, 'Import reactive energy', 'kvarh', (_, m) => e(m)?.importReactive ?? 0),
    point(0x2106, 'Export reactive energy', 'kvarh', (_, m) => e(m)?.exportReactive ?? 0),
    point(0x2108, 'Apparent energy', 'kVAh', (_, m) => e(m)?.apparent ?? 0),
  ];
}

/** Input n (1..18) at 0x2200 + 0x10 × (n − 1): current, active, reactive, apparent power, power factor. */
export const INPUT_BLOCK_BASE = 0x2200;
export const INPUT_BLOCK_STRIDE = 0x10;

function inputBlocks(): RegisterPoint[] {
  const p: RegisterPoint[] = [];
  for (let n = 1; n <= CHANNEL_COUNT; n++) {
    const base = INPUT_BLOCK_BASE + INPUT_BLOCK_STRIDE * (n - 1);
    const x = (s: MeterSnapshot) => inputOf(s, n);
    p.push(
      point(base, `CH${n} current`, 'A', (s) => x(s).current),
      point(base + 2, `CH${n} active power`, 'kW', (s) => x(s).p),
      point(base + 4, `CH${n} reactive power`, 'kvar', (s) => x(s).q),
      point(base + 6, `CH${n} apparent power`, 'kVA', (s) => x(s).s),
      point(base + 8, `CH${n} power factor`, '', (s) => x(s).pf),
    );
  }
  return p;
}

export const REGISTER_MAP: readonly RegisterPoint[] = [...basicBlock(), ...energyBlock(), ...inputBlocks()];

const byAddress = new Map<number, RegisterPoint>(REGISTER_MAP.map((r) => [r.address, r]));

/**
 * The registers [start, start + count) as big-endian bytes, or undefined when any of them is not
 * mapped (exception 02). A read may start or end in the middle of a float: each register is
 * its half of the value, as a meter's register file would give it.
 */
export function readRegisters(start: number, count: number, snap: MeterSnapshot, meter: ReadingSource): Buffer | undefined {
  const out = Buffer.alloc(count * 2);
  const values = new Map<number, Buffer>();
  for (let r = start; r < start + count; r++) {
    const first = byAddress.has(r) ? r : r - 1;
    const register = byAddress.get(first);
    if (!register) return undefined;
    let bytes = values.get(first);
    if (!bytes) {
      bytes = Buffer.alloc(4);
      bytes.writeFloatBE(register.value(snap, meter));
      values.set(first, bytes);
    }
    bytes.copy(out, (r - start) * 2, (r - first) * 2, (r - first) * 2 + 2);
  }
  return out;
}
