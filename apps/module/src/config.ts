/** Environment, validated once at start (habit 7). */
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseMeterUrl, type MeterSourceSpec } from './meter/modbus/meter-url.ts';

const env = z.object({
  /** Overrides the web server settings' HTTP port (80 needs root); development and tests set it. */
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('0.0.0.0'),
  MODULE_DATA_DIR: z.string().default('./data'),
  /** Empty counts as unset: the first start then generates the (default) password. */
  MODULE_ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** How long the HTTP listener stays away after a reboot command. */
  MODULE_REBOOT_SECONDS: z.coerce.number().min(0).max(120).default(12),
  MODULE_SEED: z.coerce.number().int().default(20261121),
  MODULE_CONSOLE_DIR: z.string().optional(),
  MODULE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The log goes to this file, rotated and bounded, instead of standard output. */
  MODULE_LOG_FILE: z.string().min(1).optional(),
  MODULE_LOG_FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(4096)
    .default(5 * 1024 * 1024),
  MODULE_LOG_FILES_KEPT: z.coerce.number().int().min(0).max(20).default(3),
  /** Tests only: every enabled data logger writes a row this often instead of its configured interval. */
  MODULE_DATALOG_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86400).optional(),
  /** The SSH server's port (Settings › Management › SSH): 22 needs root, so an unprivileged one unless told. */
  MODULE_SSH_PORT: z.coerce.number().int().min(1).max(65535).default(2222),
  /** The public keys that may sign in over SSH (default <data>/ssh/authorized_keys). */
  MODULE_SSH_AUTHORIZED_KEYS: z.string().optional(),
  /** 0: do not trust the development firmware signing key (a production device). */
  MODULE_FIRMWARE_DEV_KEY: z.enum(['0', '1']).default('0'),
  /** A folder of Ed25519 public keys (PEM) whose signatures the firmware update trusts. */
  MODULE_FIRMWARE_KEYS: z.string().optional(),
  /** Starts in this system mode (2: emergency, as a device whose boot fell back to its recovery image; 0: normal). */
  MODULE_SYSTEM_MODE: z.enum(['0', '2']).optional(),
  /** Tests only: every data log closes its post file this often instead of its log file length. */
  MODULE_DATALOG_FILE_SECONDS: z.coerce.number().int().min(1).max(86400).optional(),
  /** The port the SFTP access server listens on, whatever its settings say (22 needs root; 0 any free port). */
  MODULE_SFTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** First wait after a failed post (doubles per failure, up to 5 minutes). */
  MODULE_POST_RETRY_SECONDS: z.coerce.number().min(0.1).max(300).default(30),
  /** How long a post (connect, send, answer) may take. */
  MODULE_POST_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(20),
  /** A PEM file of CA certificates trusted besides the system's for outbound HTTPS (post channels, AcuCloud, remote access). */
  MODULE_TRUSTED_CA: z.string().min(1).optional(),
  /** Tests only: replaces the remote access ping interval of the settings (60 or 600 s). */
  MODULE_REMOTE_PING_SECONDS: z.coerce.number().min(0.1).max(600).optional(),
  /** The UDP port the SNTP client asks (123; tests run an unprivileged server on another). */
  MODULE_NTP_PORT: z.coerce.number().int().min(1).max(65535).default(123),
  /** Overrides the web server settings' HTTPS port (443 needs root); 0 takes a free one. */
  MODULE_HTTPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Overrides the Modbus TCP port (502 needs root); 0 takes a free one (tests). */
  MODULE_MODBUS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Overrides the SNMP agent's UDP port (161 needs root). */
  MODULE_SNMP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Overrides the BACnet/IP device's UDP port of the settings (47808); 0 takes a free one (tests). */
  MODULE_BACNET_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The UDP port traps are sent to (162 unless told; tests run a receiver elsewhere). */
  MODULE_SNMP_TRAP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** How long an SMTP send (connect, greeting, each reply) may take. */
  MODULE_EMAIL_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(20),
  MODULE_EMAIL_RETRY_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  /** A PEM file of certificates the SMTP client trusts besides the system's (a private mail server's CA). */
  /** Benchmarks only: answers event-loop delay figures over the IPC channel of the process that started the module. */
  MODULE_LOOP_PROBE: z.enum(['0', '1']).default('0'),
  /** The Module Event Log keeps its newest rows only (docs/decisions/logs-module-event-log-bound-and-export.md); tests make it small. */
  MODULE_EVENT_LOG_MAX_ROWS: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /** The meter behind the module (docs/modbus.md): simulated, modbus-tcp://… or modbus-rtu:///dev/…; wins over the Meter Connection settings. */
  MODULE_METER: z.string().optional(),
  /** Tests only: how many seconds a minute of the session timeout lasts (60; docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session timeout"). */
  MODULE_SESSION_MINUTE_SECONDS: z.coerce.number().min(0.1).max(60).default(60),
});

export interface ModuleConfig {
  /** The newest rows the Module Event Log keeps. */
  eventLogMaxRows: number;
  /** Overrides the HTTP port of the web server settings. */
  port?: number;
  host: string;
  dataDir: string;
  adminPassword?: string;
  rebootSeconds: number;
  seed: number;
  consoleDir?: string;
  logLevel: string;
  /** Where the log goes instead of standard output: rotated at maxBytes, `keep` old files kept. */
  logFile?: { path: string; maxBytes: number; keep: number };
  /** Overrides the data loggers' interval (seconds), for tests. */
  dataLogIntervalSeconds?: number;
  sshPort: number;
  sshAuthorizedKeys?: string;
  firmwareDevKey: boolean;
  firmwareKeysDir?: string;
  systemMode?: number;
  /** Overrides the post files' length (seconds), for tests. */
  dataLogFileSeconds?: number;
  sftpPort?: number;
  postRetrySeconds: number;
  postTimeoutSeconds: number;
  /** The NTP servers' UDP port. */
  ntpPort: number;
  /** Overrides the HTTPS port of the web server settings. */
  httpsPort?: number;
  /** Overrides the Modbus TCP port of the settings. */
  modbusPort?: number;
  snmpPort?: number;
  snmpTrapPort?: number;
  loopProbe: boolean;
  /** Overrides the BACnet/IP port of the settings. */
  bacnetPort?: number;
  /** Milliseconds of one minute of the session timeout (60 000 but in tests). */
  sessionMinuteMs: number;
  /** MODULE_TRUSTED_CA, resolved. */
  trustedCa?: string;
  remotePingSeconds?: number;
  emailTimeoutSeconds: number;
  emailRetrySeconds: number;
  /** MODULE_METER, checked; undefined when unset (the settings, else the simulator). */
  meter?: MeterSourceSpec;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): ModuleConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`Invalid environment: ${first.path.join('.')}: ${first.message}`);
  }
  const e = parsed.data;
  let meter: MeterSourceSpec | undefined;
  try {
    meter = e.MODULE_METER === undefined || e.MODULE_METER.trim() === '' ? undefined : parseMeterUrl(e.MODULE_METER);
  } catch (err) {
    throw new Error(`Invalid environment: MODULE_METER: ${(err as Error).message}`);
  }
  return {
    meter,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.MODULE_DATA_DIR),
    adminPassword: e.MODULE_ADMIN_PASSWORD,
    rebootSeconds: e.MODULE_REBOOT_SECONDS,
    seed: e.MODULE_SEED,
    consoleDir: e.MODULE_CONSOLE_DIR,
    logLevel: e.MODULE_LOG_LEVEL,
    logFile: e.MODULE_LOG_FILE ? { path: resolve(e.MODULE_LOG_FILE), maxBytes: e.MODULE_LOG_FILE_MAX_BYTES, keep: e.MODULE_LOG_FILES_KEPT } : undefined,
    dataLogIntervalSeconds: e.MODULE_DATALOG_INTERVAL_SECONDS,
    sshPort: e.MODULE_SSH_PORT,
    sshAuthorizedKeys: e.MODULE_SSH_AUTHORIZED_KEYS ? resolve(e.MODULE_SSH_AUTHORIZED_KEYS) : undefined,
    firmwareDevKey: e.MODULE_FIRMWARE_DEV_KEY === '1',
    firmwareKeysDir: e.MODULE_FIRMWARE_KEYS ? resolve(e.MODULE_FIRMWARE_KEYS) : undefined,
    systemMode: e.MODULE_SYSTEM_MODE === undefined ? undefined : Number(e.MODULE_SYSTEM_MODE),
    dataLogFileSeconds: e.MODULE_DATALOG_FILE_SECONDS,
    sftpPort: e.MODULE_SFTP_PORT,
    postRetrySeconds: e.MODULE_POST_RETRY_SECONDS,
    postTimeoutSeconds: e.MODULE_POST_TIMEOUT_SECONDS,
    ntpPort: e.MODULE_NTP_PORT,
    httpsPort: e.MODULE_HTTPS_PORT,
    modbusPort: e.MODULE_MODBUS_PORT,
    snmpPort: e.MODULE_SNMP_PORT,
    snmpTrapPort: e.MODULE_SNMP_TRAP_PORT,
    loopProbe: e.MODULE_LOOP_PROBE === '1',
    eventLogMaxRows: e.MODULE_EVENT_LOG_MAX_ROWS,
    bacnetPort: e.MODULE_BACNET_PORT,
    sessionMinuteMs: Math.round(e.MODULE_SESSION_MINUTE_SECONDS * 1000),
    trustedCa: e.MODULE_TRUSTED_CA ? resolve(e.MODULE_TRUSTED_CA) : undefined,
    remotePingSeconds: e.MODULE_REMOTE_PING_SECONDS,
    emailTimeoutSeconds: e.MODULE_EMAIL_TIMEOUT_SECONDS,
    emailRetrySeconds: e.MODULE_EMAIL_RETRY_SECONDS,
  };
}
