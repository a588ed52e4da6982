/**
 * Trend logs of 001 §7: the chart queries, the log range, Trend Log Management's export file and
 * Clear Logs. Chart replies carry `Server-Timing: db;dur=<ms>` (the store's time), so the
 * console's developer tools and the bench see server time apart from the network.
 */
import { endpoints, serverMessages, trendTexts } from '@meter/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import { TrendRefusal, type QueryAnswer, type TrendService } from '../../services/trends/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { handle, JsonText } from '../registry.ts';

function offThread(reply: FastifyReply, answer: QueryAnswer): JsonText {
  reply.header('Server-Timing', `db;dur=${answer.ms.toFixed(2)}`);
  return new JsonText(answer.json);
}

/** A refusal of the store (range, unrecorded parameters, file name) is a 400 with its field. */
function refusal<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof TrendRefusal) throw badRequest(err.message, err.field ? { [err.field]: err.message } : undefined);
    throw err;
  }
}

export interface TrendsApiOptions {
  trends: TrendService;
  events: ModuleEventLog;
}

export const trendsApi: FastifyPluginAsync<TrendsApiOptions> = async (app, { trends, events }) => {
  // In the query worker: the window is checked here first, so a refusal never waits behind a query.
  handle(app, endpoints.realtimeTrend, async ({ params, query, reply }) =>
    offThread(reply, await refusal(() => trends.queryRealtimeOffThread({ ...params.spec, points: query.points, stat: query.stat }))),
  );

  // `points` is validated like the realtime call's, but energy is never thinned (see queryEnergy).
  handle(app, endpoints.energyTrend, async ({ params, reply }) => offThread(reply, await trends.queryEnergyOffThread(params.spec)));

  handle(app, endpoints.trendLogRange, () => trends.range());
  handle(app, endpoints.trendLogExportStatus, () => trends.exports.status());

  handle(app, endpoints.exportTrendLog, ({ body, principal }) => {
    refusal(() => trends.exports.start(body));
    events.write('Info', `Trend log file generation started by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });

  // 'Success' means stopped; anything else makes the console say it failed (001 §7, §8).
  handle(app, endpoints.cancelTrendLogExport, ({ principal }) => {
    if (!trends.exports.cancel()) return { value: trendTexts.nothingToCancel };
    events.write('Info', `Trend log file generation stopped by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });

  handle(app, endpoints.deleteTrendLogExport, ({ principal }) => {
    trends.exports.delete();
    events.write('Info', `Trend log file deleted by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });

  handle(app, endpoints.resetTrendLog, ({ principal }) => {
    trends.reset();
    events.write('Info', `Trend logs cleared by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });

  handle(app, endpoints.trendLogFile, ({ params, reply }) => {
    const path = refusal(() => trends.exports.filePath(params.fileName));
    if (!path) throw notFound();
    return reply.type('application/zip').header('Content-Disposition', `attachment; filename="${params.fileName}"`).send(createReadStream(path));
  });
};
