/**
 * The live value of an alarm parameter (contract AlarmSource) as a percentage of its nominal
 * value — the unit of the setpoints (001 §3 "a number (%)"; the nominal values are listed in the
 * contract's options/meter-settings/alarm.ts). Digital inputs read 1 (ON) or 0 (OFF).
 */
import { CHANNEL_COUNT, channelInputsOf, installedInputs, type AlarmSource, type PhaseRef } from '@meter/contract';
import { wiringKindFor } from '../../meter/config.ts';
import { average, combinePowers } from '../../meter/physics.ts';
import { inputOf, type MeterSnapshot, type RegisterReadings } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT, inputSlot, phaseSlot, userSlot } from '../../meter/registers/sampling.ts';

export const NOMINAL_FREQUENCY_HZ = 60;

export interface AlarmEnv {
  snapshot: MeterSnapshot;
  /** What the meter counts (demand, digital inputs), read through the reading source. */
  registers: Pick<RegisterReadings, 'demand' | 'digitalInputs'>;
  /** The meter config: wiring code, rated voltage, CT full scales, seed. */
  config: { wiringType: number; ratedVoltage: number; ctFullScale: number[]; seed: number };
  now: number;
}

const pct = (value: number, nominal: number) => (nominal > 0 ? (value / nominal) * 100 : 0);

/** Nominal amps of a phase: the CTs of its installed inputs. */
function phaseAmps(env: AlarmEnv, phase: 0 | 1 | 2): number {
  const installed = installedInputs(wiringKindFor(env.config.wiringType));
  return env.config.ctFullScale.reduce((sum, fs, i) => (i % 3 === phase && installed[i] ? sum + fs : sum), 0);
}

/** Nominal of a quantity at a phase reference: [volts, amps] pairs multiply for powers. */
function incomingNominal(env: AlarmEnv, quantity: 'vln' | 'vll' | 'current' | 'power', phase: PhaseRef): number {
  const v = env.config.ratedVoltage;
  if (quantity === 'vln') return v;
  if (quantity === 'vll') return v * Math.sqrt(3);
  const amps = phase === 'avg' || phase === 'total' ? [0, 1, 2].map((p) => phaseAmps(env, p as 0 | 1 | 2)) : [phaseAmps(env, phase)];
  if (quantity === 'current') return average(amps);
  return (v * amps.reduce((a, b) => a + b, 0)) / 1000;
}

/** A channel's inputs, or undefined when the wiring does not have the channel. */
function inputsOf(env: AlarmEnv, channel: number): readonly number[] | undefined {
  return channelInputsOf(channel, wiringKindFor(env.config.wiringType)) ?? undefined;
}

function channelNominal(env: AlarmEnv, inputs: readonly number[], quantity: 'current' | 'power'): number {
  const amps = inputs.map((n) => env.config.ctFullScale[n - 1]!);
  return quantity === 'current' ? average(amps) : (env.config.ratedVoltage * amps.reduce((a, b) => a + b, 0)) / 1000;
}

const QUANTITY_INDEX = { current: 0, p: 1, q: 2, s: 3 } as const;

/** The value in % of nominal (or 1/0 for a digital input), or undefined when it cannot be read now. */
export function readAlarmValue(source: AlarmSource, env: AlarmEnv): number | undefined {
  const snap = env.snapshot;
  switch (source.kind) {
    case 'incoming': {
      const { quantity, phase } = source;
      if (quantity === 'frequency') return pct(snap.frequency, NOMINAL_FREQUENCY_HZ);
      const sys = snap.system;
      if (quantity === 'vln') return pct(phase === 'avg' || phase === 'total' ? sys.vlnAvg : snap.phases[phase].vln, incomingNominal(env, 'vln', phase));
      if (quantity === 'vll') return pct(phase === 'avg' || phase === 'total' ? sys.vllAvg : snap.phases[phase].vll, incomingNominal(env, 'vll', phase));
      if (quantity === 'current') return pct(phase === 'avg' || phase === 'total' ? sys.currentAvg : snap.phases[phase].current, incomingNominal(env, 'current', phase));
      const values = phase === 'avg' || phase === 'total' ? sys : snap.phases[phase];
      if (quantity === 'pf') return values.pf * 100;
      return pct(values[quantity], incomingNominal(env, 'power', phase));
    }
    case 'channel': {
      const inputs = inputsOf(env, source.channel);
      if (!inputs) return undefined;
      const xs = inputs.map((n) => inputOf(snap, n));
      const powers = combinePowers(xs);
      if (source.quantity === 'current') return pct(average(xs.map((x) => x.current)), channelNominal(env, inputs, 'current'));
      if (source.quantity === 'vln') return pct(average(xs.map((x) => x.vln)), env.config.ratedVoltage);
      if (source.quantity === 'pf') return powers.pf * 100;
      return pct(powers[source.quantity], channelNominal(env, inputs, 'power'));
    }
    case 'incomingDemand': {
      const slot = source.phase === 'total' ? SYSTEM_SLOT : phaseSlot(source.phase);
      const view = env.registers.demand(slot);
      if (!view) return undefined;
      const value = (source.prediction ? view.prediction : view.demand)[QUANTITY_INDEX[source.quantity]]!;
      return pct(value, incomingNominal(env, source.quantity === 'current' ? 'current' : 'power', source.phase));
    }
    case 'channelDemand': {
      const inputs = inputsOf(env, source.channel);
      if (!inputs) return undefined;
      const view = env.registers.demand(source.channel <= CHANNEL_COUNT ? inputSlot(source.channel) : userSlot(source.channel - CHANNEL_COUNT));
      if (!view) return undefined;
      const value = (source.prediction ? view.prediction : view.demand)[QUANTITY_INDEX[source.quantity]]!;
      return pct(value, channelNominal(env, inputs, source.quantity === 'current' ? 'current' : 'power'));
    }
    case 'digitalInput': {
      return env.registers.digitalInputs(env.now)[source.di - 1]?.status;
    }
  }
}
