/** Environment, validated once at start (habit 7). */
import { resolve } from 'node:path';
import { z } from 'zod';

const env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  MODULE_DATA_DIR: z.string().default('./data'),
  MODULE_ADMIN_PASSWORD: z.string().min(1).optional(),
  /** How long the HTTP listener stays away after a reboot command. */
  MODULE_REBOOT_SECONDS: z.coerce.number().min(0).max(120).default(12),
  MODULE_SEED: z.coerce.number().int().default(20261121),
  MODULE_CONSOLE_DIR: z.string().optional(),
  MODULE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Tests only: every enabled data logger writes a row this often instead of its configured interval. */
  MODULE_DATALOG_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86400).optional(),
  /** Overrides the Modbus TCP port (502 needs root); 0 takes a free one (tests). */
  MODULE_MODBUS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Overrides the SNMP agent's UDP port (161 needs root). */
  MODULE_SNMP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The UDP port traps are sent to (162 unless told; tests run a receiver elsewhere). */
  MODULE_SNMP_TRAP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export interface ModuleConfig {
  port: number;
  host: string;
  dataDir: string;
  adminPassword?: string;
  rebootSeconds: number;
  seed: number;
  consoleDir?: string;
  logLevel: string;
  /** Overrides the data loggers' interval (seconds), for tests. */
  dataLogIntervalSeconds?: number;
  /** Overrides the Modbus TCP port of the settings. */
  modbusPort?: number;
  snmpPort?: number;
  snmpTrapPort?: number;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): ModuleConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`Invalid environment: ${first.path.join('.')}: ${first.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.MODULE_DATA_DIR),
    adminPassword: e.MODULE_ADMIN_PASSWORD,
    rebootSeconds: e.MODULE_REBOOT_SECONDS,
    seed: e.MODULE_SEED,
    consoleDir: e.MODULE_CONSOLE_DIR,
    logLevel: e.MODULE_LOG_LEVEL,
    dataLogIntervalSeconds: e.MODULE_DATALOG_INTERVAL_SECONDS,
    modbusPort: e.MODULE_MODBUS_PORT,
    snmpPort: e.MODULE_SNMP_PORT,
    snmpTrapPort: e.MODULE_SNMP_TRAP_PORT,
  };
}
