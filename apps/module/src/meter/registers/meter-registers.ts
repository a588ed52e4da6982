/**
 * The meter's registers over time: energy and TOU, demand, DI counters and relay states.
 * Driven by the once-a-second ticker; saved every ~10 s and on close, not every second.
 * On start it catches up the time the module was away (the meter kept counting), and on the
 * very first start it seeds a plausible history, as a meter that has been in service for months.
 * The module's start (`start`) runs the catch-up, and a first start's seeded history, in slices of
 * at most CATCH_UP_SLICE_MS between turns of the event loop, after the listener opens: 35 days of
 * catch-up took ~1.5 s of CPU in one piece, the seed 160-700 ms on the 2-core machine.
 */
import { DEMAND_DEFAULTS, DEMAND_METHOD, type DemandMethod } from '@meter/contract';
import { setImmediate as yieldToLoop, setTimeout as nextTimerTurn } from 'node:timers/promises';
import { uniform } from '../noise.ts';
import type { DemandView, RegisterSet, RelayState, SnapshotSource } from '../reading-source.ts';
import { type DemandSettings, type DemandTrack, feedDemand, newTrack, predictDemand, resetPeaks, restartWindow } from './demand.ts';
import { type CounterState, DEFAULT_DI_SETUP, type DiSetup, countPulses, newCounters } from './digital-io.ts';
import { type EnergyState, type StepPowers, emptySet, integrateEnergy, scaleLifetime } from './energy.ts';
import type { RegisterStore } from './register-store.ts';
import { buildingLoading, sampleSlots } from './sampling.ts';
import { DEFAULT_TOU_SCHEDULE, type TouSchedule, monthKey, startOfLocalMonth } from './tou-schedule.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SAVE_EVERY_MS = 10 * SECOND;
/** Longest absence that is caught up; older time is lost (bounds the start-up work to ~1 s). */
export const MAX_CATCH_UP_MS = 35 * DAY;
/** A live tick further than this from the last one is a clock change, not time the meter ran. */
export const LIVE_GAP_LIMIT_MS = HOUR;
/** Work of the sliced catch-up per turn of the event loop (the bound is 20 ms a turn). */
export const CATCH_UP_SLICE_MS = 5;
const STREAM_SEED = 401;
/** Pulses per hour at full load of an input made a counter by the settings. */
const DEFAULT_COUNTER_RATE = 60;

/** Integration step for a span: exact (1 s) for short gaps, coarser for long ones. */
export function stepFor(spanMs: number): number {
  if (spanMs <= 2 * MINUTE) return SECOND;
  if (spanMs <= DAY) return 10 * SECOND;
  return MINUTE;
}

type DemandMode = 'none' | 'coarse' | 'exact';

/** Runs a span's steps to the end. */
function drain(steps: Generator<void, void>): void {
  for (let s = steps.next(); !s.done; s = steps.next());
}

interface DemandState {
  settings: DemandSettings;
  tracks: Record<string, DemandTrack>;
}

export interface RegistersOptions {
  meter: SnapshotSource;
  store: RegisterStore;
  seed: number;
  schedule?: TouSchedule;
}

export class MeterRegisters {
  private energy: EnergyState = { month: '', sets: {} };
  private demand: DemandState = {
    settings: { method: DEMAND_DEFAULTS.demandMethod, subInterval: DEMAND_DEFAULTS.subInterval, window: DEMAND_DEFAULTS.avgIntervalWindow },
    tracks: {},
  };
  private counters: CounterState = newCounters();
  private relayState: RelayState = { ro1: 0, ro2: 0 };
  private diSetup: readonly DiSetup[] = DEFAULT_DI_SETUP;
  private readonly schedule: TouSchedule;
  /** The registers hold the meter's counts up to this instant. */
  private asOf = 0;
  private savedAt = 0;
  /** How the tracks' present windows were last fed (a change restarts the windows). */
  private demandMode: DemandMode = 'exact';
  /** While the sliced catch-up runs, ticks wait for it (the first tick after it continues). */
  private catchingUp = false;
  private closed = false;
  /** Settles when the registers have caught up the time the module was away, or seeded a first start's history. */
  caughtUp: Promise<void> = Promise.resolve();
  /** No registers were saved in the data folder: this start seeds the history. */
  firstStart = false;
  /** A first start's seed is running apart (seedApart): nothing integrated is saved until it is taken over. */
  private seeding = false;
  /** Resets asked for while the seed runs, done again on the seeded registers when they are taken over. */
  private redoAfterSeed: Array<() => void> = [];

  private constructor(private readonly o: RegistersOptions) {
    this.schedule = o.schedule ?? DEFAULT_TOU_SCHEDULE;
  }

  /** Loads the saved registers and catches up to `now` in one piece, or seeds a history on a first start. */
  static open(options: RegistersOptions, now: number): MeterRegisters {
    const r = new MeterRegisters(options);
    if (r.load()) drain(r.catchUp(now));
    else drain(r.seedHistory(now));
    r.save();
    return r;
  }

  /**
   * The module's start: loads the saved registers and catches up to `now` — or on a first start
   * seeds the history — in slices of `sliceMs` of work between turns of the event loop (`caughtUp`
   * settles after the last one); until then readings show the registers as far as they have got
   * (empty on a first start: the seed is taken over whole), and ticks wait.
   */
  static start(options: RegistersOptions, now: number, sliceMs = CATCH_UP_SLICE_MS): MeterRegisters {
    const r = new MeterRegisters(options);
    r.firstStart = !r.load();
    r.seeding = r.firstStart;
    const steps = r.firstStart ? r.seedApart(now) : r.catchUp(now);
    r.catchingUp = true;
    r.caughtUp = (async () => {
      try {
        // Not even the first slice before the caller's first turn: the listener opens first. A
        // timer's turn, not an immediate: what the caller does after the start (and the start's own
        // loading) is not in the first slice's turn.
        await nextTimerTurn(0);
        for (;;) {
          await yieldToLoop();
          if (r.closed) return;
          const until = performance.now() + sliceMs;
          let done = false;
          while (!done && performance.now() < until) done = steps.next().done === true;
          if (done) break;
        }
      } finally {
        r.catchingUp = false;
        // Saved as far as it got, also after a failure: the next start continues from there.
        if (!r.closed) r.save();
      }
    })();
    return r;
  }

  /** The saved registers, if any (false: a first start, with the settings an unfinished seed saved). */
  private load(): boolean {
    const { store } = this.o;
    this.demand = store.load<DemandState>('demand')?.value ?? this.demand;
    this.relayState = store.load<RelayState>('relays')?.value ?? this.relayState;
    this.diSetup = store.load<DiSetup[]>('diSetup')?.value ?? this.diSetup;
    const energy = store.load<EnergyState>('energy');
    if (!energy) return false;
    this.energy = energy.value;
    this.asOf = energy.asOf;
    this.counters = store.load<CounterState>('counters')?.value ?? this.counters;
    return true;
  }

  /** False while the start's catch-up or a first start's seed runs: the registers are behind, or empty. */
  get whole(): boolean {
    return !this.catchingUp;
  }

  /** Settles when a first start's seeded history is in the registers (or the seed failed); at once on any other start. */
  get seeded(): Promise<void> {
    // Never rejects: a failed seed is logged where `caughtUp` is started, and readers find no registers.
    return this.firstStart ? this.caughtUp.catch(() => {}) : Promise.resolve();
  }

  get time(): number {
    return this.asOf;
  }

  private zone() {
    return this.o.meter.config.timeZone ?? 0;
  }

  /** Demand window length in ms. */
  private windowMs(): number {
    return this.demand.settings.window * MINUTE;
  }

  /**
   * Integrates [from, to) in clock-aligned steps, each with the reading at its end. Demand:
   * 'exact' runs the configured windows; 'coarse' runs fixed windows of the window's length (one
   * average per window: enough for peaks, 15× less work); 'none' leaves demand alone.
   * A generator that yields after every step, so a long span can be run in slices.
   */
  private *advance(from: number, to: number, stepMs: number, mode: DemandMode): Generator<void, void> {
    const { wiringType, ctFullScale, timeZone = 0 } = this.o.meter.config;
    const exact = this.demand.settings;
    const settings: DemandSettings = mode === 'coarse' ? { method: DEMAND_METHOD.fixedWindow, subInterval: exact.window, window: exact.window } : exact;
    if (mode !== 'none' && mode !== this.demandMode) {
      // Sub-intervals of another length: the window history starts again (peaks stay).
      for (const t of Object.values(this.demand.tracks)) restartWindow(t);
      this.demandMode = mode;
    }
    let a = from;
    while (a < to) {
      const b = Math.min(to, (Math.floor(a / stepMs) + 1) * stepMs);
      const snap = this.o.meter.snapshot(b);
      // User channels are demand's only (energy adds them up from their inputs).
      const slots = sampleSlots(snap, wiringType, mode !== 'none');
      let powers: ReadonlyMap<string, StepPowers> = slots;
      if (mode !== 'none') {
        const inputsAndPhases = new Map<string, StepPowers>();
        for (const [slot, v] of slots) if (!slot.startsWith('uc')) inputsAndPhases.set(slot, v);
        powers = inputsAndPhases;
      }
      if (integrateEnergy(this.energy, powers, a, b, timeZone, this.schedule).length > 0) {
        // A billing meter's maximum demand starts again with the month.
        for (const t of Object.values(this.demand.tracks)) resetPeaks(t);
      }
      if (mode !== 'none') {
        for (const [slot, v] of slots) feedDemand((this.demand.tracks[slot] ??= newTrack(4)), settings, [v.current, v.p, v.q, v.s], a, b);
      }
      countPulses(this.counters, this.diSetup, buildingLoading(snap, ctFullScale), (b - a) / HOUR);
      a = b;
      this.asOf = Math.max(this.asOf, b);
      yield;
    }
  }

  /**
   * Integrates a span that ends now: windows of earlier months only set peaks the month's turn
   * clears (none), the month's earlier windows need only their peaks (coarse), and the last two
   * windows run exactly so the present demand and prediction are right.
   */
  private *runSpan(from: number, to: number, stepMs: number): Generator<void, void> {
    const win = this.windowMs();
    const monthFrom = Math.min(to, Math.max(from, startOfLocalMonth(this.zone(), to) - win));
    const exactFrom = Math.min(to, Math.max(monthFrom, to - 2 * win));
    if (from < monthFrom) yield* this.advance(from, monthFrom, stepMs, 'none');
    if (monthFrom < exactFrom) yield* this.advance(monthFrom, exactFrom, stepMs, 'coarse');
    if (exactFrom < to) yield* this.advance(exactFrom, to, Math.min(stepMs, stepFor(to - exactFrom)), 'exact');
  }

  /** The meter ran while the module was away: integrate the gap (the last 35 days of it at most). */
  private *catchUp(now: number): Generator<void, void> {
    if (now <= this.asOf) return;
    const from = Math.max(this.asOf, now - MAX_CATCH_UP_MS);
    // The time before `from` is lost: the registers' time jumps to it, as after a clock setting.
    this.asOf = from;
    yield* this.runSpan(from, now, stepFor(now - from));
  }

  /**
   * First start: the meter has run since the start of the prior month (integrated hourly, which
   * is exact for hour-long tariff periods; this month's demand windows each take their hour's
   * reading, and the last two run exactly), and was commissioned 4-8 months ago (lifetime
   * registers and counters scaled up from the integrated span).
   */
  private *seedHistory(now: number): Generator<void, void> {
    const zone = this.zone();
    const thisMonth = startOfLocalMonth(zone, now);
    const start = startOfLocalMonth(zone, thisMonth - 1);
    this.energy.month = monthKey(zone, start);
    this.asOf = start;
    yield* this.advance(start, thisMonth, HOUR, 'none');
    yield* this.runSpan(thisMonth, now, HOUR);
    const ageDays = 120 + Math.floor(uniform(this.o.seed, STREAM_SEED, 0, 0) * 120);
    const factor = Math.max(1, (ageDays * DAY) / Math.max(HOUR, now - start));
    for (const set of Object.values(this.energy.sets)) scaleLifetime(set, factor);
    this.counters.counts = this.counters.counts.map((c) => Math.round(c * factor));
  }

  /**
   * The seed in slices, built in registers of its own and taken over whole at the end: the trend
   * recorder and the readings never see a half-integrated, unscaled history (the recorder would
   * store the jump to the scaled registers as one minute's energy). Settings changed meanwhile
   * stay, and resets asked for meanwhile are done again on the seeded registers.
   */
  private *seedApart(now: number): Generator<void, void> {
    const seeded = new MeterRegisters(this.o);
    seeded.demand.settings = { ...this.demand.settings };
    seeded.diSetup = this.diSetup;
    yield* seeded.seedHistory(now);
    const settingsChanged = JSON.stringify(seeded.demand.settings) !== JSON.stringify(this.demand.settings);
    this.energy = seeded.energy;
    this.demand = { settings: this.demand.settings, tracks: seeded.demand.tracks };
    if (settingsChanged) for (const t of Object.values(this.demand.tracks)) restartWindow(t);
    this.demandMode = seeded.demandMode;
    this.counters = seeded.counters;
    this.asOf = Math.max(this.asOf, seeded.asOf);
    this.seeding = false;
    for (const redo of this.redoAfterSeed.splice(0)) redo();
  }

  /** A reset of the registers: done now, and again when a running seed is taken over (it would bring back what was reset). */
  private reset(change: () => void): void {
    change();
    if (this.seeding) this.redoAfterSeed.push(change);
    this.save();
  }

  /** Ticker listener. */
  tick(nowMs: number): void {
    if (this.catchingUp) return;
    const gap = nowMs - this.asOf;
    if (gap === 0) return;
    if (gap < 0 || gap > LIVE_GAP_LIMIT_MS) {
      // The clock was set: the registers continue from the new time without counting the jump.
      this.asOf = nowMs;
      this.save();
      return;
    }
    drain(this.runSpan(this.asOf, nowMs, stepFor(gap)));
    if (nowMs - this.savedAt >= SAVE_EVERY_MS) this.save();
  }

  save(): void {
    if (this.seeding) {
      // Only the settings until the seed is taken over: empty registers saved now would make the
      // next start catch up 35 days from zero instead of seeding.
      this.o.store.save({ demand: { settings: this.demand.settings, tracks: {} }, relays: this.relayState, diSetup: this.diSetup }, this.asOf);
      return;
    }
    this.o.store.save({ energy: this.energy, demand: this.demand, counters: this.counters, relays: this.relayState, diSetup: this.diSetup }, this.asOf);
    this.savedAt = this.asOf;
  }

  close(): void {
    this.closed = true;
    this.save();
  }

  // ---- reads -------------------------------------------------------------------------------

  energySet(slot: string): Readonly<RegisterSet> | undefined {
    return this.energy.sets[slot];
  }

  /** 'YYYY-MM' of the current TOU month. */
  get month(): string {
    return this.energy.month;
  }

  demandOf(slot: string): DemandView | undefined {
    const t = this.demand.tracks[slot];
    if (!t) return undefined;
    return { demand: [...t.demand], peak: [...t.peak], peakTime: [...t.peakTime], prediction: predictDemand(t, this.demand.settings, this.asOf) };
  }

  demandSettings(): DemandSettings {
    return { ...this.demand.settings };
  }

  /** For the meter settings (demandMethod, subInterval, avgIntervalWindow): restarts the windows. */
  configureDemand(settings: { method: DemandMethod; subInterval: number; window: number }): void {
    this.demand.settings = { ...settings };
    for (const t of Object.values(this.demand.tracks)) restartWindow(t);
    this.save();
  }

  /** Management › Reset Demand: every maximum demand starts again from now; the windows run on. */
  resetDemandPeaks(): void {
    this.reset(() => {
      for (const t of Object.values(this.demand.tracks)) resetPeaks(t);
    });
  }

  /** Management › Reset Energy: every energy register and TOU bucket of every set reads zero and counts up again. */
  resetEnergy(): void {
    this.reset(() => {
      for (const slot of Object.keys(this.energy.sets)) this.energy.sets[slot] = emptySet();
    });
  }

  /**
   * For a wiring change (User and CT settings): a user channel's inputs change with the wiring, so
   * its demand history and peaks belong to another circuit and start again.
   */
  resetUserChannelDemand(): void {
    this.reset(() => {
      for (const slot of Object.keys(this.demand.tracks)) if (slot.startsWith('uc')) delete this.demand.tracks[slot];
    });
  }

  digitalInputs(): Array<{ setup: DiSetup; count: number }> {
    return this.diSetup.map((setup, i) => ({ setup, count: this.counters.counts[i] ?? 0 }));
  }

  /**
   * For the IO settings (di{n}Config type, unit, ratio): which inputs count pulses and what a
   * pulse is worth. Counts are kept; an input that becomes a counter gets a simulated rate.
   */
  configureDigitalInputs(config: ReadonlyArray<{ type: 0 | 1; unit: string; ratio: number }>): void {
    this.diSetup = this.diSetup.map((old, i) => {
      const c = config[i];
      if (!c) return old;
      return { type: c.type, unit: c.unit, ratio: c.ratio, pulsesPerHour: old.pulsesPerHour || DEFAULT_COUNTER_RATE };
    });
    this.save();
  }

  relays(): RelayState {
    return { ...this.relayState };
  }

  /** Relay states are saved at once: a command must survive a power cut right after it. */
  setRelays(state: RelayState): void {
    this.relayState = { ...state };
    this.save();
  }
}
