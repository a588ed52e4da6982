/**
 * Integration (issue 27, beyond the spec): the Prometheus metrics settings and the calls machines read
 * (OpenAPI document, /metrics).
 */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { flag, strictObject } from '../rules/fields.ts';
import { defineSection } from '../sections/section.ts';
import { PUBLIC, ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';

/**
 * The Prometheus metrics settings (issue 27, beyond the spec; docs/decisions/fleet-openapi-prometheus-home-assistant.md): `GET
 * /metrics` answers the API token (a bearer token) and signed-in users with readings view; with
 * open access on it answers anyone who reaches the module, as a scrape target usually is.
 */
export const metricsTexts = {
  saved: 'Prometheus metrics settings saved',
  openAccess: 'Open access',
  openAccessHelp: 'Answer /metrics without the API token (anyone who reaches the module reads the live readings)',
  tokenHelp: 'Prometheus sends the API token (System Settings › User Management › API Token Management) as a bearer token.',
} as const;

export const metricsConfig = strictObject({
  openAccess: withMeta(flag(metricsTexts.openAccess), { description: metricsTexts.openAccessHelp }),
});
export type MetricsConfig = z.infer<typeof metricsConfig>;

/** Admin only: opening the readings to the network is the admin's call, like the MQTT settings. */
export const metricsSection = defineSection({
  key: 'metricsConfig',
  title: 'Prometheus metrics settings',
  context: 'none',
  body: () => metricsConfig,
  data: metricsConfig,
  savedMessage: metricsTexts.saved,
  adminOnly: true,
  defaults: (): MetricsConfig => ({ openAccess: 0 }),
});

/**
 * What machines read to plug the module into their own engines (issue 27, beyond the spec;
 * docs/decisions/fleet-openapi-prometheus-home-assistant.md): the OpenAPI description of this table and the Prometheus metrics.
 */
export const integrationEndpoints = {
  /**
   * The OpenAPI 3.1 document of every call (contract/src/openapi.ts). Public: it says what
   * docs/openapi.json says, no setting and no reading, and a client generator fetches it signed out.
   */
  openApi: ep({ method: 'GET', path: '/openapi.json', auth: PUBLIC, file: true }),
  /**
   * The live readings in the Prometheus text format, or OpenMetrics 1.0 on `Accept:
   * application/openmetrics-text` (docs/metrics.md). The API token (view on readings) opens it;
   * anyone when the metrics settings say open access.
   */
  metrics: ep({ method: 'GET', path: '/metrics', auth: read('readings'), file: true, root: true, publicWhen: metricsSection }),
  metricsConfig: sectionRead('/settings/communication/metricsConfig', metricsSection, read('configuration')),
  saveMetricsConfig: sectionWrite('/settings/communication/metricsConfig', metricsSection, write('configuration')),
} as const;
