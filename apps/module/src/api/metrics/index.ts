/**
 * GET /metrics (issue 27; docs/metrics.md): the live readings for Prometheus. The auth hook lets
 * the API token (or a session with readings view) through, or anyone while the metrics settings
 * say open access; the format follows the scraper's Accept header.
 */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { DeviceService } from '../../services/device/device-service.ts';
import { exposition, metricFamilies, wantsOpenMetrics } from '../../services/metrics/exposition.ts';
import { handle } from '../registry.ts';

export interface MetricsApiOptions {
  meter: ReadingSource;
  device: DeviceService;
  now: () => number;
}

export const metricsApi: FastifyPluginAsync<MetricsApiOptions> = async (app, { meter, device, now }) => {
  handle(app, endpoints.metrics, async ({ request, reply }) => {
    const families = metricFamilies(meter.snapshot(now()), meter, device.identity());
    const { contentType, text } = exposition(families, wantsOpenMetrics(request.headers.accept));
    return reply.type(contentType).header('Cache-Control', 'no-store').send(text);
  });
};
