/** Live readings of 000 §7, formatted from one meter snapshot per call. */
import { endpoints, requestMessages } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import { channelRows, systemRows, userNameOf } from '../../meter/rows.ts';
import type { Services } from '../../services.ts';
import { notFound } from '../../errors.ts';
import { handle } from '../registry.ts';

export function readingsRoutes(app: FastifyInstance, s: Services): void {
  handle(app, endpoints.realtimeSystem, () => systemRows(s.meter.snapshot(s.ctx.now())));

  handle(app, endpoints.realtimeChannel, ({ params }) => {
    const channel = /^\d{1,2}$/.test(params.channel ?? '') ? Number(params.channel) : NaN;
    // The layout the meter runs and the name the User and Channel Mapping gives the channel.
    const rows = Number.isInteger(channel) ? channelRows(s.meter.snapshot(s.ctx.now()), channel, s.meter.config.wiringType, userNameOf(s.device.state().userNames, channel)) : null;
    if (!rows) throw notFound(requestMessages.notFound);
    return rows;
  });
}
