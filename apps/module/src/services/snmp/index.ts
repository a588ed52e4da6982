/**
 * SNMP: the config section's backend (a JSON document in the kv table; the community is
 * required when on, checked after '' took the stored one), the agent and the trap sender. A save
 * restarts them with the new settings; the agent's port is MODULE_SNMP_PORT when set.
 */
import { DEFAULT_SNMP_CONFIG, snmpSection, snmpTexts, type MeterEventKey, type SnmpConfig } from '@meter/contract';
import type { Agent } from './net-snmp.ts';
import type { AlarmEntry } from '../logs/alarm-log.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { badRequest } from '../../errors.ts';
import { kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';
import { mibFile } from './mib-file.ts';
import { startAgent } from './snmp-agent.ts';
import { TrapSender } from './trap-sender.ts';

export const DEFAULT_TRAP_PORT = 162;

export interface SnmpServiceDeps {
  kv: KeyValueStore;
  meter: ReadingSource;
  now: () => number;
  host: string;
  envPort?: number;
  trapPort?: number;
  sysDescr: () => string;
  sysName: () => string;
  /** The IP whitelist's verdict on a request's source address. */
  allows: (address: string) => boolean;
  log: (level: 'Info' | 'Error', message: string) => void;
  /** The SNMP subsystem of the system log (the community never goes in a line). */
  syslog?: SubsystemLog;
}

export class SnmpService {
  readonly backend: SectionBackend<SnmpConfig>;
  private readonly store: SectionBackend<SnmpConfig>;
  private agent: Agent | undefined;
  private traps: TrapSender | undefined;
  private applied = '';
  private closed = false;
  /** Reloads run one after another: a save during a restart waits for it. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly d: SnmpServiceDeps) {
    this.store = kvSectionBackend(d.kv, snmpSection);
    this.backend = {
      read: () => this.store.read(),
      write: (next, before, w) => {
        this.store.write(next, before, w);
        setImmediate(() => void this.reload());
      },
      check: (next) => {
        if (next.enable === 1 && next.readOnlyCommunity === '') throw badRequest(snmpTexts.communityRequired, { readOnlyCommunity: snmpTexts.communityRequired });
      },
    };
  }

  mib(): string {
    return mibFile();
  }

  /** A meter system event: to the trap targets. */
  event(event: MeterEventKey, atMs: number): void {
    this.traps?.push(event, atMs);
  }

  /** An alarm limit triggered or recovered: to the trap targets. */
  alarm(entry: AlarmEntry): void {
    this.traps?.alarm(entry);
  }

  /** The port the agent was asked to use. */
  port(config: SnmpConfig = this.store.read()): number {
    return this.d.envPort ?? config.port;
  }

  running(): boolean {
    return this.agent !== undefined;
  }

  reload(): Promise<void> {
    this.chain = this.chain.then(() => this.apply());
    return this.chain;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
    this.stop();
  }

  private async apply(): Promise<void> {
    if (this.closed) return;
    const config = { ...DEFAULT_SNMP_CONFIG(), ...this.store.read() };
    const key = JSON.stringify(config);
    if (key === this.applied) return;
    const log = this.d.syslog ?? NO_SYSLOG;
    if (this.applied !== '') log('info', 'SNMP settings changed: restarting the agent');
    this.applied = key;
    this.stop();
    if (config.enable !== 1) {
      log('info', 'SNMP disabled');
      return;
    }
    const t = config.trapConfig;
    this.traps = new TrapSender(config, this.d.trapPort ?? DEFAULT_TRAP_PORT, log);
    try {
      this.agent = await startAgent(this.port(config), this.d.host, config.readOnlyCommunity, { ...this.d, syslog: log });
      log(
        'info',
        `SNMP v2c agent listening on UDP ${this.d.host}:${this.port(config)}; traps ${t.enable === 1 ? `on (buffer ${t.reportBufferSize}, hold ${t.reportHoldTime} s)` : 'off'}`,
      );
    } catch (e) {
      const message = `SNMP agent could not listen on port ${this.port(config)}: ${(e as Error).message}`;
      this.d.log('Error', message);
      log('error', message);
    }
  }

  private stop(): void {
    this.traps?.close();
    this.traps = undefined;
    if (this.agent) (this.d.syslog ?? NO_SYSLOG)('info', 'SNMP agent stopped');
    this.agent?.close();
    this.agent = undefined;
  }
}
