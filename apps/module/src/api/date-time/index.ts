/** Date and time commands (001 §7): the device clock, Sync from NTP, the manual time. The NTP section is served by api/sections. */
import { dateTimeTexts, endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TimeChange, TimeService } from '../../services/date-time/time-service.ts';
import { handle } from '../registry.ts';

export interface DateTimeApiOptions {
  time: TimeService;
}

const answer = (change: TimeChange) => ({ value: change.relogin ? dateTimeTexts.timeChanged : dateTimeTexts.success });

export const dateTimeApi: FastifyPluginAsync<DateTimeApiOptions> = async (app, { time }) => {
  handle(app, endpoints.getTime, () => {
    const cfg = time.config();
    return { currentTime: Math.floor(time.now() / 1000), timeZone: cfg.timeZone };
  });
  handle(app, endpoints.syncTime, async ({ principal }) => answer(await time.sync(principal.userName)));
  handle(app, endpoints.setMeterTime, ({ body, principal }) => answer(time.setTime(body.timestamp, principal.userName)));
};
