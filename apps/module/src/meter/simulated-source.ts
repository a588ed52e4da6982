/**
 * The simulated meter as the API reads it: instant values and harmonics from the simulator,
 * energy, demand, DI counters and relays from its registers. A Modbus meter would be one class
 * like this one, reading the same quantities from the wire.
 */
import type { DigitalInputReading, HarmonicReadings, MeterConfig, MeterSnapshot, Phase, ReadingSource, SnapshotSource } from './reading-source.ts';
import { diStatus } from './registers/digital-io.ts';
import type { MeterRegisters } from './registers/meter-registers.ts';

export class SimulatedSource implements ReadingSource {
  constructor(
    private readonly meter: SnapshotSource & HarmonicReadings,
    private readonly registers: MeterRegisters,
  ) {}

  get config(): MeterConfig {
    return this.meter.config;
  }

  configure(config: Partial<MeterConfig>): void {
    this.meter.configure(config);
  }

  snapshot(atMs: number): MeterSnapshot {
    return this.meter.snapshot(atMs);
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
}
