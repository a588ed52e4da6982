/**
 * The Modbus TCP service: the port comes from one function (`modbusPort`), so the Network page's
 * Modbus TCP config (002 §3.2, §5.1) can own it: MODULE_MODBUS_PORT when set (tests, unprivileged
 * runs), else the stored modbusTcpConfig's port, else 502 (002 §9.1).
 */
import type { KeyValueStore } from '../../store/db.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import { ModbusServer } from './modbus-server.ts';

export const DEFAULT_MODBUS_PORT = 502;
/** Where the Network page keeps the Modbus TCP config (the generic section store's key). */
export const MODBUS_TCP_CONFIG_KEY = 'section.modbusTcpConfig';

export function modbusPort(envPort: number | undefined, kv: KeyValueStore): number {
  if (envPort !== undefined) return envPort;
  const stored = kv.get<{ port?: unknown }>(MODBUS_TCP_CONFIG_KEY)?.port;
  return typeof stored === 'number' && Number.isInteger(stored) ? stored : DEFAULT_MODBUS_PORT;
}

export interface ModbusServiceDeps {
  kv: KeyValueStore;
  meter: ReadingSource;
  now: () => number;
  host: string;
  envPort?: number;
  unitId: () => number;
  log: (level: 'Info' | 'Error', message: string) => void;
  /** The IP whitelist, asked for each connection. */
  allows?: (address: string | undefined) => boolean;
}

export class ModbusService {
  readonly server: ModbusServer;

  constructor(private readonly d: ModbusServiceDeps) {
    this.server = new ModbusServer({ meter: d.meter, now: d.now, unitId: d.unitId, allows: d.allows });
  }

  /** A port in use or refused must not stop the module: the event log says why Modbus is away. */
  async start(): Promise<void> {
    const port = modbusPort(this.d.envPort, this.d.kv);
    try {
      await this.server.listen(port, this.d.host);
    } catch (e) {
      this.d.log('Error', `Modbus TCP server could not listen on port ${port}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }

  port(): number | undefined {
    return this.server.port();
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
