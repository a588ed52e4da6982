/**
 * Where the meter's data goes out: the data loggers and their files, post channels 1-3 (HTTP, FTP,
 * SFTP), the AcuCloud uplink (channel 4) and remote access. Outbound HTTPS trusts the system's
 * roots, plus MODULE_TRUSTED_CA's (a private CA, the tests' own).
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { acuCloudSection, dataLogSection, dataPostSection, remoteAccessSection } from '@meter/contract';
import type { ModuleConfig } from '../config.ts';
import type { ReadingSource } from '../meter/reading-source.ts';
import { AcuCloud } from '../services/acucloud/acucloud.ts';
import { dataLogBackend } from '../services/datalog/data-log-backend.ts';
import { DataLogs } from '../services/datalog/data-logs.ts';
import type { OutboundGuard } from '../services/outbound/outbound-guard.ts';
import { dataPostBackend } from '../services/posting/data-post-backend.ts';
import { PostChannels } from '../services/posting/post-channels.ts';
import { PostFiles } from '../services/posting/post-files.ts';
import { RemoteAccess } from '../services/remote-access/remote-access.ts';
import type { SectionService } from '../services/sections/section-service.ts';
import type { Core } from './core.ts';

export function openUplinks(config: ModuleConfig, core: Core, meter: ReadingSource, sections: SectionService, guard: OutboundGuard) {
  const { ctx, device, events, systemLog } = core;
  const trustedCa = config.trustedCa ? [...rootCertificates, readFileSync(config.trustedCa, 'utf8')] : undefined;
  const postChannels = new PostChannels({
    guard,
    dataDir: config.dataDir,
    kv: ctx.kv,
    events,
    now: ctx.now,
    mac: () => device.identity().moduleEth0MacAddress,
    serial: () => device.identity().meterSerialNumber,
    timeoutMs: config.postTimeoutSeconds * 1000,
    retryMs: config.postRetrySeconds * 1000,
    ca: trustedCa,
    syslog: systemLog.for('Data Post'),
  });
  const acuCloud = new AcuCloud({
    guard,
    dataDir: config.dataDir,
    kv: ctx.kv,
    events,
    now: ctx.now,
    serial: () => device.identity().meterSerialNumber,
    timeoutMs: config.postTimeoutSeconds * 1000,
    retryMs: config.postRetrySeconds * 1000,
    ca: trustedCa,
    syslog: systemLog.for('Data Post'),
  });
  sections.register(acuCloudSection, acuCloud.backend());
  const remoteAccess = new RemoteAccess({
    guard,
    dataDir: config.dataDir,
    kv: ctx.kv,
    events,
    now: ctx.now,
    identity: () => {
      const id = device.identity();
      return { serial: id.meterSerialNumber, mac: id.moduleEth0MacAddress, model: id.moduleModel, firmware: id.moduleFirmwareVersion };
    },
    timeoutMs: config.postTimeoutSeconds * 1000,
    pingSeconds: config.remotePingSeconds,
    ca: trustedCa,
  });
  sections.register(remoteAccessSection, remoteAccess.backend());
  sections.register(
    dataPostSection,
    dataPostBackend(ctx.kv, () => {
      for (const n of postChannels.queues.keys()) postChannels.wake(n);
    }),
  );
  sections.register(
    dataLogSection,
    dataLogBackend(ctx.kv, (n) => postChannels.channel(n).enable),
  );
  const postFiles = new PostFiles({ dataDir: config.dataDir, channels: postChannels, fileSeconds: config.dataLogFileSeconds });
  const cloudFiles = new PostFiles({ dataDir: config.dataDir, channels: acuCloud.targets, fileSeconds: config.dataLogFileSeconds });
  const dataLogs = new DataLogs(config.dataDir, {
    kv: ctx.kv,
    meter,
    zone: () => device.state().timeZone,
    intervalSeconds: config.dataLogIntervalSeconds,
    onRow: (id, cfg, at, zone, header, line) => (id === 'ac' ? cloudFiles : postFiles).row(id, cfg, at, zone, header, line),
    onTick: (id, cfg, now, zone) => (id === 'ac' ? cloudFiles : postFiles).tick(id, cfg, now, zone),
    syslog: systemLog.for('Data Log'),
  });
  return { postChannels, acuCloud, remoteAccess, dataLogs };
}
