/**
 * What machines read to plug the module into their own engines (issue 27, beyond the spec;
 * docs/decisions.md, Fleet): the OpenAPI description of this table and the Prometheus metrics.
 */
import { metricsSection } from '../sections/metrics.ts';
import { PUBLIC, ep, read, sectionRead, sectionWrite, write } from './define.ts';

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
