/**
 * The Modbus TCP service: the port comes from one function (`modbusPort`), so the Network page's
 * Modbus TCP config (002 §3.2, §5.1) can own it: MODULE_MODBUS_PORT when set (tests, unprivileged
 * runs), else the stored modbusTcpConfig's port, else 502 (002 §9.1).
 */
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
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
  /** The Modbus Server subsystem of the system log. */
  syslog?: SubsystemLog;
  /** The Rtu Server subsystem: the meter behind the gateway. */
  rtu?: SubsystemLog;
}

export class ModbusService {
  readonly server: ModbusServer;

  constructor(private readonly d: ModbusServiceDeps) {
    this.server = new ModbusServer({ meter: d.meter, now: d.now, unitId: d.unitId, allows: d.allows, log: d.syslog, rtu: d.rtu });
  }

  private get syslog(): SubsystemLog {
    return this.d.syslog ?? NO_SYSLOG;
  }

  /** A port in use or refused must not stop the module: the event log says why Modbus is away. */
  async start(): Promise<void> {
    const port = modbusPort(this.d.envPort, this.d.kv);
    try {
      const bound = await this.server.listen(port, this.d.host);
      this.syslog('info', `Modbus TCP server listening on ${this.d.host}:${bound}, unit id ${this.d.unitId()}`);
    } catch (e) {
      const message = `Modbus TCP server could not listen on port ${port}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
      this.d.log('Error', message);
      this.syslog('error', message);
    }
  }

  port(): number | undefined {
    return this.server.port();
  }

  async close(): Promise<void> {
    const was = this.server.port();
    await this.server.close();
    if (was !== undefined) this.syslog('info', `Modbus TCP server stopped (port ${was})`);
  }
}
