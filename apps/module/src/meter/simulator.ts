import { installedInputs } from '@meter/contract';
import { DEFAULT_CT_FULL_SCALE, defaultMeterConfig, mergeMeterConfig, wiringKindFor } from './config.ts';
import { localTime } from './local-time.ts';
import { STREAM, drift, jitter, signed } from './noise.ts';
import { average, combinePowers, lineToLine, singlePhasePowers } from './physics.ts';
import { BUILDING, activity, demandAmps, powerFactor, type LoadProfile } from './profiles.ts';
import {
  PHASES,
  type HarmonicReadings,
  type InputValues,
  type MeterConfig,
  type MeterSnapshot,
  type Phase,
  type PhaseValues,
  type SnapshotSource,
  type Spectrum,
} from './reading-source.ts';
import { inputCurrentSpectrum, phaseCurrentSpectrum, voltageSpectrum } from './registers/harmonics.ts';

/**
 * Any config fields (the rest default), plus the zone as a fixed offset for
 * callers that think in minutes; `timeZone` wins when both are given.
 */
export type SimulatorOptions = Partial<MeterConfig> & { timeZoneOffsetMinutes?: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The phase each one's line voltage runs to: A→B, B→C, C→A. */
const NEXT_PHASE = [1, 2, 0] as const;

/** The inputs with a CT, by wiring type (asked for every snapshot, changed only by the settings). */
const installedByWiring = new Map<number, readonly boolean[]>();
function installedFor(wiringType: number): readonly boolean[] {
  let installed = installedByWiring.get(wiringType);
  if (!installed) installedByWiring.set(wiringType, (installed = installedInputs(wiringKindFor(wiringType))));
  return installed;
}

/**
 * A metered office building. Stateless apart from its config: a snapshot is a
 * pure function of (config, time), so the API can ask for any instant
 * (live, or back-filled history) and get the same answer every time. What the
 * meter counts over time lives in its registers (simulated-source.ts joins them).
 */
export class SimulatedMeter implements SnapshotSource, HarmonicReadings {
  #config: MeterConfig;

  constructor(options: SimulatorOptions = {}) {
    const { timeZoneOffsetMinutes, ...config } = options;
    this.#config = mergeMeterConfig(defaultMeterConfig(), { ...config, timeZone: config.timeZone ?? timeZoneOffsetMinutes });
  }

  /** A copy: changes go through configure() so they are checked. */
  get config(): MeterConfig {
    return { ...this.#config, ctFullScale: [...this.#config.ctFullScale] };
  }

  /** Also how a change of the device's time zone reaches the load shape. */
  configure(config: Partial<MeterConfig>): void {
    this.#config = mergeMeterConfig(this.#config, config);
  }

  snapshot(atMs: number): MeterSnapshot {
    if (!Number.isFinite(atMs)) throw new RangeError(`bad time ${atMs}`);
    const { seed, ratedVoltage, ctFullScale, wiringType, timeZone = 0 } = this.#config;
    const local = localTime(timeZone, atMs);

    // 2LN and 2LL install no CT on every third input (000 §3), so it reads nothing.
    const installed = installedFor(wiringType);
    // Inputs of one kind of load share its daily curve: read once per snapshot.
    const levels = new Map<LoadProfile, number>();
    const draws = BUILDING.map((profile, i) => {
      const input = i + 1;
      let level = levels.get(profile);
      if (level === undefined) levels.set(profile, (level = activity(profile, local)));
      // The building's CTs are 100 A: the meter scales their signal by the configured full scale
      // (a CT set to 200 A reads double), and a saturated CT reads no more than its full scale.
      const load = Math.min(1, demandAmps(profile, seed, input, atMs, level) / DEFAULT_CT_FULL_SCALE);
      // mergeMeterConfig keeps one full scale per input.
      const amps = installed[i] ? ctFullScale[i]! * load : 0;
      return { input, amps, pf: powerFactor(profile, seed, input, atMs), lagging: profile.lagging };
    });

    // The building's own load sags the supply a little.
    const loading = draws.reduce((a, d) => a + d.amps, 0) / ctFullScale.reduce((a, b) => a + b, 0);
    const grid = 0.015 * drift(seed, STREAM.voltageDrift, 0, atMs, 4 * HOUR) - 0.02 * loading;
    const phaseVoltage = (ph: Phase) => {
      const unbalance = 0.005 * signed(seed, STREAM.voltageOffset, ph, 0) + 0.003 * drift(seed, STREAM.voltageDrift, ph + 1, atMs, 30 * MINUTE);
      return ratedVoltage * (1 + grid + unbalance) * (1 + 0.001 * jitter(seed, STREAM.voltageNoise, ph, atMs));
    };
    const vln = [phaseVoltage(0), phaseVoltage(1), phaseVoltage(2)] as const;

    const inputs: InputValues[] = draws.map(({ input, amps, pf, lagging }) => {
      const phase = PHASES[(input - 1) % 3]!;
      return { input, phase, vln: vln[phase], current: amps, ...singlePhasePowers(vln[phase], amps, pf, lagging) };
    });

    const phases = PHASES.map((ph): PhaseValues => {
      const powers = combinePowers(inputs.filter((x) => x.phase === ph));
      return {
        vln: vln[ph],
        vll: lineToLine(vln[ph], vln[NEXT_PHASE[ph]]),
        current: (powers.s * 1000) / vln[ph],
        ...powers,
      };
    }) as [PhaseValues, PhaseValues, PhaseValues];

    const frequency = 60 + 0.035 * drift(seed, STREAM.frequencyDrift, 0, atMs, 10 * MINUTE) + 0.012 * jitter(seed, STREAM.frequencyNoise, 0, atMs);

    return {
      time: atMs,
      frequency: Math.min(60.05, Math.max(59.95, frequency)),
      phases,
      system: {
        vlnAvg: average(phases.map((x) => x.vln)),
        vllAvg: average(phases.map((x) => x.vll)),
        currentAvg: average(phases.map((x) => x.current)),
        ...combinePowers(phases),
      },
      inputs,
    };
  }

  voltageHarmonics(snap: MeterSnapshot, phase: Phase): Spectrum {
    return voltageSpectrum(this.#config.seed, snap, phase, this.#config.ctFullScale);
  }

  phaseCurrentHarmonics(snap: MeterSnapshot, phase: Phase): Spectrum {
    return phaseCurrentSpectrum(this.#config.seed, snap, phase);
  }

  inputCurrentHarmonics(snap: MeterSnapshot, input: number): Spectrum {
    return inputCurrentSpectrum(this.#config.seed, snap, input);
  }
}
