/** Live readings of 000 §7, formatted from one meter snapshot per call. */
import { endpoints, requestMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { channelRows, systemRows, userNameOf } from '../../meter/rows.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { DeviceService } from '../../services/device/device-service.ts';
import { notFound } from '../../errors.ts';
import { handle } from '../registry.ts';
import { localCalendar } from '../../meter/registers/tou-schedule.ts';

export interface ReadingsApiOptions {
  meter: ReadingSource;
  /** The User and Channel Mapping's names. */
  device: DeviceService;
  now: () => number;
}

export const readingsApi: FastifyPluginAsync<ReadingsApiOptions> = async (app, { meter, device, now }) => {
  handle(app, endpoints.realtimeSystem, () => systemRows(meter.snapshot(now())));

  // The readings screens' banner: whether the meter answers, and since when it does not.
  handle(app, endpoints.meterLink, () => {
    const { lostSince } = meter.link();
    const since = lostSince === null ? null : new Date(localCalendar(meter.config.timeZone ?? 0, lostSince).localMs).toISOString().slice(11, 19);
    return { source: meter.kind, lostSince, since };
  });

  handle(app, endpoints.realtimeChannel, ({ params }) => {
    const channel = /^\d{1,2}$/.test(params.channel) ? Number(params.channel) : NaN;
    // The layout the meter runs and the name the User and Channel Mapping gives the channel.
    const rows = Number.isInteger(channel) ? channelRows(meter.snapshot(now()), channel, meter.config.wiringType, userNameOf(device.state().userNames, channel)) : null;
    if (!rows) throw notFound(requestMessages.notFound);
    return rows;
  });
};
