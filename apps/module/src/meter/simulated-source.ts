/**
 * The simulated meter as the API reads it: instant values and harmonics from the simulator,
 * energy, demand, DI counters and relays from its registers. A Modbus meter would be one class
 * like this one, reading the same quantities from the wire.
 */
import { NO_SYSLOG, type SubsystemLog } from '../subsystem-log.ts';
import type { DigitalInputReading, HarmonicReadings, MeterConfig, MeterLink, MeterSnapshot, Phase, ReadingSource, SnapshotSource } from './reading-source.ts';
import { diStatus } from './registers/digital-io.ts';
import type { MeterRegisters } from './registers/meter-registers.ts';

export class SimulatedSource implements ReadingSource {
  /** The second of the last reading the debug log described: one line a second, however many readers. */
  private loggedSecond = -1;

  constructor(
    private readonly meter: SnapshotSource & HarmonicReadings,
    private readonly registers: MeterRegisters,
    /** The Reading Source subsystem of the system log. */
    private readonly log: SubsystemLog = NO_SYSLOG,
  ) {
    const c = meter.config;
    log('info', `simulated reading source started: wiring code ${c.wiringType}, rated ${c.ratedVoltage} V L-N, ${c.ctFullScale.length} inputs, seed ${c.seed}`);
  }

  get config(): MeterConfig {
    return this.meter.config;
  }

  configure(config: Partial<MeterConfig>): void {
    this.meter.configure(config);
    const changed = Object.entries(config).map(([k, v]) => `${k} ${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`);
    this.log('info', `reading source reconfigured: ${changed.join('; ')}`);
  }

  snapshot(atMs: number): MeterSnapshot {
    const snap = this.meter.snapshot(atMs);
    if (this.log.debugOn()) {
      const second = Math.floor(atMs / 1000);
      if (second !== this.loggedSecond) {
        this.loggedSecond = second;
        const s = snap.system;
        this.log(
          'debug',
          `reading at ${new Date(atMs).toISOString()}: f ${snap.frequency.toFixed(3)} Hz, V L-N avg ${s.vlnAvg.toFixed(2)} V, I avg ${s.currentAvg.toFixed(3)} A, P ${s.p.toFixed(3)}, PF ${s.pf.toFixed(3)}`,
        );
      }
    }
    return snap;
  }

  voltageHarmonics(snap: MeterSnapshot, phase: Phase) {
    return this.meter.voltageHarmonics(snap, phase);
  }

  phaseCurrentHarmonics(snap: MeterSnapshot, phase: Phase) {
    return this.meter.phaseCurrentHarmonics(snap, phase);
  }

  inputCurrentHarmonics(snap: MeterSnapshot, input: number) {
    return this.meter.inputCurrentHarmonics(snap, input);
  }

  energy(slot: string) {
    return this.registers.energySet(slot);
  }

  demand(slot: string) {
    return this.registers.demandOf(slot);
  }

  digitalInputs(atMs: number): DigitalInputReading[] {
    const { seed } = this.meter.config;
    return this.registers.digitalInputs().map(({ setup, count }, i) => ({
      status: diStatus(seed, setup, i + 1, count, atMs),
      count,
      type: setup.type,
      unit: setup.unit,
      ratio: setup.ratio,
    }));
  }

  relays() {
    return this.registers.relays();
  }

  seeded(): Promise<void> {
    return this.registers.seeded;
  }

  whole(): boolean {
    return this.registers.whole;
  }

  caughtUp(): Promise<void> {
    return this.registers.caughtUp;
  }

  readonly kind = 'simulated';

  /** The simulated meter always answers. */
  link(): MeterLink {
    return { lostSince: null };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
