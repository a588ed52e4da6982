/**
 * The records' live calls (000 §7): what the device says of itself, its communication settings,
 * the live CT and PT values the inspection verifies against, and the records as PDFs. The seven
 * record sections themselves are served by the generic section handler.
 */
import { CE_TEST_PATHS, ceTestTexts, endpoints, recordTexts, serverMessages, wiringKindOf, type CommInstall } from '@meter/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { DeviceService } from '../../services/device/device-service.ts';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import { runCeTransmitTest } from '../../services/factory/ce-test.ts';
import { badRequest } from '../../errors.ts';
import type { RecordService } from '../../services/records/record-service.ts';
import { handle } from '../registry.ts';

export interface RecordsApiOptions {
  records: RecordService;
  device: DeviceService;
  meter: ReadingSource;
  events: ModuleEventLog;
  now: () => number;
  /** record/commStatus: the communication as the device runs it now. */
  communication: () => CommInstall;
}

const RECORD_WIRING = { '1LN': 0, '3LN': 1, '2LN': 2 } as const;
const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

export const recordsApi: FastifyPluginAsync<RecordsApiOptions> = async (app, { records, device, meter, events, now, communication }) => {
  handle(app, endpoints.recordDeviceStatus, () => {
    const id = device.identity();
    const s = device.state();
    const kind = wiringKindOf(s.wiringType, s.mcStatus);
    return {
      meterModel: id.meterModel,
      meterSerialNumber: id.meterSerialNumber,
      moduleEthernet0MACAddress: id.moduleEth0MacAddress,
      moduleEthernet1MACAddress: id.moduleEth1MacAddress,
      moduleWiFiMACAddress: id.moduleWlan0MacAddress,
      meterSealStatus: s.sealStatus === 1 ? 1 : 0,
      // The record knows the three wirings of 000 §3; any other reads as the default, 3 LN.
      wiringType: kind && kind in RECORD_WIRING ? RECORD_WIRING[kind as keyof typeof RECORD_WIRING] : 1,
    };
  });

  handle(app, endpoints.recordCommStatus, (): CommInstall => communication());

  handle(app, endpoints.recordCtStatus, () => ({
    ctChannels: meter.snapshot(now()).inputs.map((i) => ({ id: i.input, current: round(i.current, 3), activePower: round(i.p, 3), powerFactor: round(i.pf, 3) })),
  }));

  handle(app, endpoints.recordPtValue, () => {
    const [a, b, c] = meter.snapshot(now()).phases;
    return { voltageA: round(a.vln, 1), voltageB: round(b.vln, 1), voltageC: round(c.vln, 1) };
  });

  const sendPdf = (reply: FastifyReply, name: string, made: { pdf: Buffer; hash: string }) =>
    reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}.pdf"`).header('X-Record-SHA256', made.hash).send(made.pdf);

  handle(app, endpoints.installationRecordPdf, async ({ reply }) => sendPdf(reply, recordTexts.installationTitle, await records.installationPdf()));
  handle(app, endpoints.inspectionRecordPdf, async ({ reply }) => sendPdf(reply, recordTexts.inspectionTitle, await records.inspectionPdf()));

  for (const [protocol, endpoint] of [
    [1, endpoints.ceTest11b],
    [2, endpoints.ceTest11g],
    [3, endpoints.ceTest11n],
  ] as const) {
    handle(app, endpoint, ({ body, principal }) => {
      if (body.IEEEProtocol !== protocol) throw badRequest(ceTestTexts.wrongProtocol);
      const result = runCeTransmitTest();
      // Every run is kept: a manufacturing record of who tested what and how it went.
      events.write(result === serverMessages.success ? 'Info' : 'Error', ceTestTexts.ran(CE_TEST_PATHS[protocol], principal.userName, result), principal.userName);
      return { value: result };
    });
  }
};
