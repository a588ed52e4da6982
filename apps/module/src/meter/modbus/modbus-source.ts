/**
 * A real meter read over Modbus TCP or RTU (modbus-serial does the protocol), behind the same
 * ReadingSource as the simulator. The poll runs on its own timers and keeps the last values: a
 * reader never waits on the meter (the readings API answers from memory, whatever the meter's
 * speed). Per docs/modbus.md:
 * - the profile's values in contiguous blocks of at most 125 registers; the live block every
 *   second, energy and demand (what the meter counts) every 5 s; one request in flight; a
 *   timeout of 1 s per request; a failed connection is retried after 1, 2, 4 … up to 30 s;
 * - energy, demand and TOU only from the meter's registers, never integrated here;
 * - no good read for STALE_MS: every value reads NaN (the rows show '-'), link().lostSince says
 *   since when, the module event log gets one Error; the first good read after it one Info.
 */
import { createRequire } from 'node:module';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.js';
import { HARMONIC_ORDERS, TOU_RATES, meterLinkTexts } from '@meter/contract';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { loadNatureOf } from '../physics.ts';
import type {
  DemandView,
  DigitalInputReading,
  InputValues,
  MeterConfig,
  MeterLink,
  MeterSnapshot,
  PhaseValues,
  ReadingSource,
  RegisterSet,
  RelayState,
  Spectrum,
} from '../reading-source.ts';
import { SYSTEM_SLOT } from '../registers/sampling.ts';
import { mergeMeterConfig } from '../config.ts';
import { decode, isCounted, planBlocks, type Block, type MeterProfile, type ProfilePoint } from './profile.ts';
import { meterUrlText, type MeterSourceSpec } from './meter-url.ts';
import { noGuard, type OutboundGuard } from '../../services/outbound/outbound-guard.ts';

export interface ModbusTiming {
  liveMs: number;
  countedMs: number;
  timeoutMs: number;
  staleMs: number;
  maxBackoffMs: number;
}

export const MODBUS_TIMING: ModbusTiming = { liveMs: 1000, countedMs: 5000, timeoutMs: 1000, staleMs: 3500, maxBackoffMs: 30_000 };

export interface ModbusSourceDeps {
  spec: Exclude<MeterSourceSpec, { kind: 'simulated' }>;
  profile: MeterProfile;
  /** The wiring, rated voltage and CTs the settings give (the rows' layout). */
  config: MeterConfig;
  /** Device time, for the stamps. */
  now: () => number;
  /** The module event log: one Error at the loss, one Info at the recovery. */
  event: (level: 'Error' | 'Info', message: string) => void;
  log?: SubsystemLog;
  timing?: Partial<ModbusTiming>;
  /**
   * Checked before each TCP connection: refuses the module's own listeners (the outbound guard:
   * a module told to read its own Modbus server would serve its own stale values in a loop).
   */
  guard?: OutboundGuard;
}

type Client = ModbusRTU;
const require = createRequire(import.meta.url);

const NAN_SPECTRUM: Spectrum = Object.freeze({ orders: HARMONIC_ORDERS.map(() => NaN), thd: NaN }) as Spectrum;
const nanBuckets = () => Object.fromEntries(TOU_RATES.map((r) => [r, NaN])) as RegisterSet['currentMonth'];
const NAN_SET: RegisterSet = Object.freeze({
  importActive: NaN,
  exportActive: NaN,
  importReactive: NaN,
  exportReactive: NaN,
  apparent: NaN,
  currentMonth: nanBuckets(),
  priorMonth: nanBuckets(),
});
const NAN_DEMAND: DemandView = Object.freeze({ demand: [NaN, NaN, NaN, NaN], peak: [NaN, NaN, NaN, NaN], peakTime: [0, 0, 0, 0], prediction: [NaN, NaN, NaN, NaN] });

/** What a failure says in the event log: the Modbus exception, a timeout, the socket's error. */
function reasonOf(err: unknown): string {
  const e = err as { modbusCode?: number; message?: string; errno?: string } | undefined;
  if (e && typeof e.modbusCode === 'number') return `Modbus exception ${e.modbusCode.toString(16).padStart(2, '0')}`;
  const text = e?.message ?? String(err);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export class ModbusSource implements ReadingSource {
  readonly kind: string;
  private readonly timing: ModbusTiming;
  private readonly log: SubsystemLog;
  private readonly points: Map<string, ProfilePoint>;
  private readonly liveBlocks: Block[];
  private readonly countedBlocks: Block[];
  /** The last good value of each profile key. */
  private readonly values = new Map<string, number>();
  private meterConfig: MeterConfig;
  private client: Client | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private watch: NodeJS.Timeout | undefined;
  private backoffMs = 0;
  private lastCountedAt = -Infinity;
  /** Wall clock (ms) of the last good live read; the start while none. */
  private lastGoodWall: number;
  private lastGoodAt = 0;
  /** Device time of the first failure after the last good read. */
  private firstFailAt: number | null = null;
  private lastReason = 'no answer yet';
  private lostSince: number | null = null;
  private cached: MeterSnapshot | undefined;
  private readonly label: string;

  constructor(private readonly d: ModbusSourceDeps) {
    this.kind = d.spec.kind;
    this.timing = { ...MODBUS_TIMING, ...d.timing };
    this.log = d.log ?? NO_SYSLOG;
    this.meterConfig = d.config;
    this.points = new Map(Object.entries(d.profile.values));
    const entries = [...this.points.entries()];
    this.liveBlocks = planBlocks(entries.filter(([k]) => !isCounted(k)));
    this.countedBlocks = planBlocks(entries.filter(([k]) => isCounted(k)));
    this.label = meterUrlText(d.spec);
    this.lastGoodWall = Date.now();
    this.log('info', `Modbus reading source: ${this.label}, ${this.liveBlocks.length} live and ${this.countedBlocks.length} counted block(s)`);
  }

  /** Starts polling (the module's start; never awaited by a reader). */
  start(): this {
    this.schedule(0);
    this.watch = setInterval(() => this.checkStale(), 250);
    this.watch.unref();
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.watch);
    await this.drop();
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.cycle(), ms);
    this.timer.unref();
  }

  private async connect(): Promise<Client> {
    const spec = this.d.spec;
    // The guard's address: never a fresh resolution of the name (outbound-guard.ts).
    const host = spec.kind === 'modbus-tcp' ? await (this.d.guard ?? noGuard)(spec.host, spec.port) : '';
    // Loaded at the first connection: a module on the simulator never pays for it.
    const Ctor = require('modbus-serial') as new () => Client;
    const c = new Ctor();
    // A socket or port that errors after the connect must not become an unhandled error.
    const opened =
      spec.kind === 'modbus-tcp' ? c.connectTCP(host, { port: spec.port }) : c.connectRTUBuffered(spec.path, { baudRate: spec.baud, parity: spec.parity, dataBits: 8, stopBits: 1 });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        opened,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('connection timed out')), this.timing.timeoutMs);
        }),
      ]);
    } catch (err) {
      opened.catch(() => {});
      this.closeClient(c);
      throw err;
    } finally {
      clearTimeout(timer);
    }
    c.setID(spec.unit);
    c.setTimeout(this.timing.timeoutMs);
    return c;
  }

  private closeClient(c: Client): Promise<void> {
    return new Promise((resolve) => {
      try {
        c.close(() => resolve());
      } catch {
        resolve();
      }
      // A port that never calls back must not hold the close; the wait keeps the process alive
      // (unref'd, a close awaited with nothing else pending would end the process half-way).
      setTimeout(resolve, 200);
    });
  }

  private async drop(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    if (c) await this.closeClient(c);
  }

  /** One poll: the live blocks, and the counted ones when due; then the next one is scheduled. */
  private async cycle(): Promise<void> {
    if (this.closed) return;
    const startedWall = Date.now();
    try {
      this.client ??= await this.connect();
      // Due on the poll nearest the period: a timer may fire a millisecond early, and a strict
      // test would then put the counted read off a whole live period (every 6 s, not 5).
      const counted = startedWall - this.lastCountedAt >= this.timing.countedMs - this.timing.liveMs / 2;
      const got = new Map<string, number>();
      for (const b of this.liveBlocks) await this.read(b, got);
      if (counted) for (const b of this.countedBlocks) await this.read(b, got);
      // Closed meanwhile: a connection opened during the close must not outlive it.
      if (this.closed) return void (await this.drop());
      if (counted) this.lastCountedAt = startedWall;
      for (const [k, v] of got) this.values.set(k, v);
      this.good();
      this.backoffMs = 0;
      this.schedule(Math.max(0, this.timing.liveMs - (Date.now() - startedWall)));
    } catch (err) {
      if (this.closed) return void (await this.drop());
      this.failed(err);
      // An exception reply keeps the connection (the meter is there); anything else starts over.
      const exception = typeof (err as { modbusCode?: unknown })?.modbusCode === 'number';
      if (!exception) await this.drop();
      this.backoffMs = exception ? this.timing.liveMs : Math.min(this.timing.maxBackoffMs, this.backoffMs ? this.backoffMs * 2 : this.timing.liveMs);
      this.schedule(Math.max(0, this.backoffMs - (Date.now() - startedWall)));
    }
  }

  private async read(b: Block, into: Map<string, number>): Promise<void> {
    const c = this.client;
    if (!c) throw new Error('no connection to the meter');
    const res = this.d.profile.function === 4 ? await c.readInputRegisters(b.start, b.count) : await c.readHoldingRegisters(b.start, b.count);
    const regs = res.data;
    if (!Array.isArray(regs) || regs.length !== b.count) throw new Error(`a reply of ${Array.isArray(regs) ? regs.length : 0} registers to a read of ${b.count}`);
    for (const k of b.keys) {
      const point = this.points.get(k);
      if (point) into.set(k, decode(point, b, regs));
    }
  }

  private good(): void {
    this.lastGoodWall = Date.now();
    this.lastGoodAt = this.d.now();
    this.firstFailAt = null;
    this.cached = undefined;
    if (this.lostSince !== null) {
      this.lostSince = null;
      this.d.event('Info', meterLinkTexts.recoveredEvent(this.label));
      this.log('info', `meter responding again: ${this.label}`);
    }
  }

  private failed(err: unknown): void {
    this.firstFailAt ??= this.d.now();
    this.lastReason = reasonOf(err);
    this.log('debug', `poll failed: ${this.lastReason}`);
  }

  /** Marks the values stale once no good read came for staleMs: one Error per loss. */
  private checkStale(): void {
    if (this.lostSince !== null || this.closed) return;
    if (Date.now() - this.lastGoodWall < this.timing.staleMs) return;
    this.lostSince = this.firstFailAt ?? this.lastGoodAt ?? this.d.now();
    this.cached = undefined;
    this.d.event('Error', meterLinkTexts.lostEvent(this.label, this.lastReason));
    this.log('error', `meter not responding: ${this.label}: ${this.lastReason}`);
  }

  link(): MeterLink {
    this.checkStale();
    return { lostSince: this.lostSince };
  }

  /** A value of the profile, NaN when the profile lacks it, none was read yet, or the meter stopped answering. */
  private v(key: string): number {
    if (this.lostSince !== null) return NaN;
    return this.values.get(key) ?? NaN;
  }

  get config(): MeterConfig {
    return this.meterConfig;
  }

  configure(config: Partial<MeterConfig>): void {
    this.meterConfig = mergeMeterConfig(this.meterConfig, config);
    this.cached = undefined;
  }

  /** The last values read (a real meter has no other instant): `time` is when they were read. */
  snapshot(_atMs: number): MeterSnapshot {
    this.checkStale();
    if (this.cached) return this.cached;
    const v = (k: string) => this.v(k);
    const powers = (suffix: string) => {
      const q = v(`q.${suffix}`);
      const s = v(`s.${suffix}`);
      return { p: v(`p.${suffix}`), q, s, pf: v(`pf.${suffix}`), loadNature: loadNatureOf(q, s) };
    };
    const LINES = ['ab', 'bc', 'ca'] as const;
    const phases = (['a', 'b', 'c'] as const).map((ph, i): PhaseValues => ({
      vln: v(`vln.${ph}`),
      vll: v(`vll.${LINES[i]!}`),
      current: v(`current.${ph}`),
      ...powers(ph),
    })) as MeterSnapshot['phases'];
    const inputs = Array.from({ length: 18 }, (_, i): InputValues => {
      const n = i + 1;
      const q = v(`input${n}.q`);
      const s = v(`input${n}.s`);
      return {
        input: n,
        phase: (i % 3) as 0 | 1 | 2,
        vln: v(`input${n}.vln`),
        current: v(`input${n}.current`),
        p: v(`input${n}.p`),
        q,
        s,
        pf: v(`input${n}.pf`),
        loadNature: loadNatureOf(q, s),
      };
    });
    this.cached = {
      time: this.lastGoodAt,
      frequency: v('frequency'),
      phases,
      system: { vlnAvg: v('vln.avg'), vllAvg: v('vll.avg'), currentAvg: v('current.avg'), ...powers('total') },
      inputs,
    };
    return this.cached;
  }

  /** Harmonics are not in a profile yet: unknown. */
  voltageHarmonics(): Spectrum {
    return NAN_SPECTRUM;
  }

  phaseCurrentHarmonics(): Spectrum {
    return NAN_SPECTRUM;
  }

  inputCurrentHarmonics(): Spectrum {
    return NAN_SPECTRUM;
  }

  /** The system's registers from the meter; every other slot unknown (the profiles map the system's only). */
  energy(slot: string): Readonly<RegisterSet> {
    if (slot !== SYSTEM_SLOT) return NAN_SET;
    const v = (k: string) => this.v(k);
    const buckets = (month: string) => Object.fromEntries(TOU_RATES.map((r) => [r, v(`tou.${month}.${r}`)])) as RegisterSet['currentMonth'];
    return {
      importActive: v('energy.importActive'),
      exportActive: v('energy.exportActive'),
      importReactive: v('energy.importReactive'),
      exportReactive: v('energy.exportReactive'),
      apparent: v('energy.apparent'),
      currentMonth: buckets('currentMonth'),
      priorMonth: buckets('priorMonth'),
    };
  }

  demand(slot: string): DemandView {
    if (slot !== SYSTEM_SLOT) return NAN_DEMAND;
    const q = ['current', 'p', 'q', 's'];
    return {
      demand: q.map((x) => this.v(`demand.${x}`)),
      peak: q.map((x) => this.v(`demand.${x}.peak`)),
      peakTime: [0, 0, 0, 0],
      prediction: q.map((x) => this.v(`demand.${x}.prediction`)),
    };
  }

  /** The profiles map no digital inputs: none shown. */
  digitalInputs(): DigitalInputReading[] {
    return [];
  }

  /** The module does not drive a real meter's relays (docs/decisions/meter-source-modbus.md): open. */
  relays(): RelayState {
    return { ro1: 0, ro2: 0 };
  }

  seeded(): Promise<void> {
    return Promise.resolve();
  }

  whole(): boolean {
    return true;
  }

  caughtUp(): Promise<void> {
    return Promise.resolve();
  }
}
