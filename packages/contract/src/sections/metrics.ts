/**
 * The Prometheus metrics settings (issue 27, beyond the spec; docs/decisions.md, Fleet): `GET
 * /metrics` answers the API token (a bearer token) and signed-in users with readings view; with
 * open access on it answers anyone who reaches the module, as a scrape target usually is.
 */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { flag, strictObject } from '../rules/fields.ts';
import { defineSection } from './section.ts';

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
