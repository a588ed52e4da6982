/** Device facts and commands of 000 §7: system mode, reboot, device information, names. */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { CertificateStore } from '../../services/certificates/certificate-store.ts';
import { formatBytes, type DeviceService } from '../../services/device/device-service.ts';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import { runProductionTest } from '../../services/factory/production-test.ts';
import { handle } from '../registry.ts';

export interface DeviceApiOptions {
  device: DeviceService;
  certificate: CertificateStore;
  /** The serial port test asks it for a reading. */
  meter: ReadingSource;
  events: ModuleEventLog;
  now: () => number;
  requestReboot: () => void;
  /** The production test checks it is writable. */
  dataDir: string;
}

export const deviceApi: FastifyPluginAsync<DeviceApiOptions> = async (app, { device, certificate, meter, events, now, requestReboot, dataDir }) => {
  handle(app, endpoints.systemMode, () => ({ mode: device.state().systemMode }));

  handle(app, endpoints.certificate, ({ reply }) => reply.type('application/pkix-cert').header('Content-Disposition', 'attachment; filename="cert_accu.cer"').send(certificate.der()));

  handle(app, endpoints.productionTestResult, async () => {
    const id = device.identity();
    return {
      moduleInfo: {
        moduleModel: id.moduleModel,
        moduleSerialNumber: id.meterSerialNumber,
        moduleHardwareVer: id.moduleHardwareVersion,
        moduleFirmwareVersion: id.moduleFirmwareVersion,
        moduleEth0MacAddress: id.moduleEth0MacAddress,
        moduleEth1MacAddress: id.moduleEth1MacAddress,
      },
      testResult: await runProductionTest({ dataDir, meterAnswers: () => Number.isFinite(meter.snapshot(now()).frequency) }),
    };
  });

  handle(app, endpoints.rebootSystem, ({ principal }) => {
    events.write('Info', `Module reboot requested by ${principal.userName}`, principal.userName);
    requestReboot();
    return { value: serverMessages.success };
  });

  handle(app, endpoints.homePageInfo, () => device.homePageInfo());
  handle(app, endpoints.deviceInfo, () => device.deviceInfo());

  handle(app, endpoints.storageStatus, () => {
    const { totalBytes, usedBytes } = device.storage();
    const pct = totalBytes > 0 ? (usedBytes / totalBytes) * 100 : 0;
    return { value: `${formatBytes(usedBytes)} / ${formatBytes(totalBytes)} (${pct.toFixed(1)}%)` };
  });

  handle(app, endpoints.diskStatus, () => ({ diskStatus: Math.round(device.storage().freePercent * 10) / 10 }));

  handle(app, endpoints.mcStatus, () => ({ meterFirmwareVersion: device.identity().meterFirmwareVersion, mcStatus: device.state().mcStatus }));
  handle(app, endpoints.wiringType, () => ({ WiringType: device.state().wiringType, mcStatus: device.state().mcStatus }));

  handle(app, endpoints.userNames, () => Object.fromEntries(device.state().userNames.map((u, i) => [`userId${i + 1}`, { channel: u.channel, userName: u.userName }])));
  handle(app, endpoints.diNames, () => Object.fromEntries(device.state().diNames.map((name, i) => [`di${i + 1}Config`, { name }])));
};
