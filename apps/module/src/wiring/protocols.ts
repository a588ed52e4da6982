/**
 * The module's other servers and clients: MQTT, Modbus TCP, the SNMP agent, email, BACnet/IP and
 * read-only SFTP access to the data log files. Every listener asks the IP whitelist first; the
 * meter's events and alarms go to SNMP traps, then to email.
 */
import { readFileSync } from 'node:fs';
import { mqttSection, sftpSection, smtpSection, snmpSection } from '@meter/contract';
import type { ModuleConfig } from '../config.ts';
import type { ReadingSource } from '../meter/reading-source.ts';
import { BacnetService } from '../services/bacnet/index.ts';
import type { DataLogs } from '../services/datalog/data-logs.ts';
import { EmailService } from '../services/email/index.ts';
import { ModbusService } from '../services/modbus/index.ts';
import { MqttService } from '../services/mqtt/index.ts';
import type { OutboundGuard } from '../services/outbound/outbound-guard.ts';
import { kvSectionBackend } from '../services/sections/section-backend.ts';
import { SftpAccess } from '../services/sftp-access/sftp-access.ts';
import { SnmpService } from '../services/snmp/index.ts';
import type { Core } from './core.ts';
import type { Settings } from './settings.ts';

export function openProtocols(config: ModuleConfig, core: Core, meter: ReadingSource, settings: Settings, dataLogs: DataLogs, guard: OutboundGuard) {
  const { ctx, device, events, throttle, systemLog, ticker } = core;
  const { sections, whitelist, meterEvents, alarms } = settings;
  const mqtt = new MqttService({
    guard,
    kv: ctx.kv,
    dataDir: config.dataDir,
    meter,
    now: ctx.now,
    log: (message) => events.write('Info', message),
    syslog: systemLog.for('MQTT'),
    identity: () => {
      const id = device.identity();
      return { ...id, name: device.state().deviceDescription };
    },
  });
  sections.register(mqttSection, mqtt.backend);
  const modbus = new ModbusService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.modbusPort,
    unitId: () => device.state().meterAddress,
    log: (level, message) => events.write(level, message),
    allows: (a) => whitelist.allows(a),
    syslog: systemLog.for('Modbus Server'),
    rtu: systemLog.for('Rtu Server'),
  });
  const snmp = new SnmpService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.snmpPort,
    trapPort: config.snmpTrapPort,
    sysDescr: () => `${device.identity().moduleModel} firmware ${device.identity().moduleFirmwareVersion}`,
    sysName: () => device.state().deviceDescription,
    allows: (address) => whitelist.allows(address),
    log: (level, message) => events.write(level, message),
    syslog: systemLog.for('SNMP'),
  });
  sections.register(snmpSection, snmp.backend);
  meterEvents.onWrite((event, atMs) => snmp.event(event, atMs));
  alarms.onRecord((entry) => snmp.alarm(entry));
  const email = new EmailService({
    guard,
    kv: ctx.kv,
    events,
    now: ctx.now,
    meter,
    alarms: () => alarms.list(),
    meterEvents: () => meterEvents.list(),
    zone: () => device.state().timeZone,
    serial: () => device.identity().meterSerialNumber,
    timeoutMs: config.emailTimeoutSeconds * 1000,
    retryMs: config.emailRetrySeconds * 1000,
    dataDir: config.dataDir,
    extraCa: config.trustedCa ? readFileSync(config.trustedCa, 'utf8') : undefined,
    syslog: systemLog.for('Email'),
  });
  sections.register(smtpSection, email.backend);
  meterEvents.onWrite((event, atMs) => email.event(event, atMs));
  alarms.onRecord((entry) => email.alarm(entry));
  ticker.subscribe((t) => void email.tick(t));
  const bacnet = new BacnetService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.bacnetPort,
    module: () => ({ model: device.identity().moduleModel, firmware: device.identity().moduleFirmwareVersion }),
    log: (level, message) => events.write(level, message),
    allows: (address) => whitelist.allows(address),
    syslog: systemLog.for('BACnet'),
  });
  // On the ticker here, after email and before the trends: the order each second's work runs in.
  dataLogs.subscribe(ticker);
  const sftpAccess = new SftpAccess({
    dataDir: config.dataDir,
    kv: ctx.kv,
    dataLogs,
    events,
    throttle,
    host: config.host,
    allows: (address) => whitelist.allows(address),
    portOverride: config.sftpPort,
  });
  const sftpBackend = kvSectionBackend(ctx.kv, sftpSection);
  sections.register(sftpSection, {
    ...sftpBackend,
    write: (next, before, w) => {
      sftpBackend.write(next, before, w);
      void sftpAccess.apply();
    },
  });
  return { mqtt, modbus, snmp, email, bacnet, sftpAccess };
}
