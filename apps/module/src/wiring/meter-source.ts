/**
 * The meter behind the module (MODULE_METER; docs/modbus.md): the simulator and its registers, or
 * a real meter over Modbus whose registers count by themselves (never integrated here).
 * MODULE_METER wins over Settings › Meter › Meter Connection (read once here: applied at a start).
 */
import { meterConnectionSection, type MeterConnectionConfig } from '@meter/contract';
import type { ModuleConfig } from '../config.ts';
import { ModbusSource } from '../meter/modbus/modbus-source.ts';
import { meterUrlText, specOfConnection, type MeterSourceSpec } from '../meter/modbus/meter-url.ts';
import { loadProfile } from '../meter/modbus/profile.ts';
import type { ReadingSource } from '../meter/reading-source.ts';
import { SimulatedSource } from '../meter/simulated-source.ts';
import type { OutboundGuard } from '../services/outbound/outbound-guard.ts';
import { kvSectionBackend, type SectionBackend } from '../services/sections/section-backend.ts';
import type { Core } from './core.ts';

export interface MeterSource {
  meter: ReadingSource;
  /** The Meter Connection section's backend (registered with the other sections later). */
  meterConnection: SectionBackend<MeterConnectionConfig>;
}

export function openMeterSource(config: ModuleConfig, core: Core, guard: OutboundGuard): MeterSource {
  const { kv, ctx, device, simulator, registers, events, systemLog, ticker } = core;
  const meterConnection = meterConnectionBackend(kvSectionBackend(kv, meterConnectionSection), config.meter);
  const meterSpec = config.meter ?? specOfConnection(meterConnection.read());
  const meter: ReadingSource =
    meterSpec.kind === 'simulated'
      ? new SimulatedSource(simulator, registers, systemLog.for('Reading Source'))
      : new ModbusSource({
          spec: meterSpec,
          profile: loadProfile(meterSpec.profile),
          config: device.meterConfig(),
          now: ctx.now,
          event: (level, message) => events.write(level, message),
          log: systemLog.for('Reading Source'),
          guard,
        }).start();
  if (meter.kind === 'simulated') ticker.subscribe((t) => registers.tick(t));
  return { meter, meterConnection };
}

/**
 * The Meter Connection section in the generic store, with MODULE_METER reported beside it
 * (`environment`, read-only: never stored, so a backup or a save never carries it).
 */
function meterConnectionBackend(store: SectionBackend, env: MeterSourceSpec | undefined): SectionBackend<MeterConnectionConfig> {
  const environment = env ? meterUrlText(env) : '';
  return {
    read: () => ({ ...(store.read() as MeterConnectionConfig), environment }),
    write: (next, before, w) => {
      const { environment: _shown, ...stored } = next;
      store.write(stored, before, w);
    },
  };
}
