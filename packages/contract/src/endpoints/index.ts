/**
 * Every API call (the table the module registers and the console fetches from), one file per area
 * in this folder; the builders and types are in define.ts.
 */
import { authEndpoints } from './auth.ts';
import { deviceEndpoints } from './device.ts';
import { readingEndpoints } from './readings.ts';
import { logEndpoints } from './logs.ts';
import { trendEndpoints } from './trends.ts';
import { meterSettingsEndpoints } from './meter-settings.ts';
import { userEndpoints } from './users.ts';
import { recordEndpoints } from './records.ts';
import { maintenanceEndpoints } from './maintenance.ts';
import { configBackupEndpoints } from './config-backup.ts';
import { networkDiagnosticEndpoints } from './network-diagnostic.ts';
import { firmwareEndpoints } from './firmware.ts';
import { emergencyEndpoints } from './emergency.ts';
import { postingEndpoints } from './posting.ts';
import { dataLogEndpoints } from './data-log.ts';
import { dateTimeEndpoints } from './date-time.ts';
import { whitelistEndpoints } from './whitelist.ts';
import { certificateEndpoints } from './certificates.ts';
import { mqttEndpoints } from './mqtt.ts';
import { snmpEndpoints } from './snmp.ts';
import { bacnetEndpoints } from './bacnet.ts';
import { emailEndpoints } from './email.ts';
import { networkEndpoints } from './network.ts';
import { acuCloudEndpoints } from './acucloud.ts';
import { downloadEndpoints } from './downloads.ts';
import { passwordHelpEndpoints } from './password-help.ts';
import { integrationEndpoints } from './integration.ts';
import type { z } from 'zod';
import type { Endpoint } from './define.ts';

export * from './define.ts';
export * from './url.ts';
export * from './calls.ts';

export const endpoints = {
  ...authEndpoints,
  ...deviceEndpoints,
  ...readingEndpoints,
  ...logEndpoints,
  ...trendEndpoints,
  ...meterSettingsEndpoints,
  ...userEndpoints,
  ...recordEndpoints,
  ...maintenanceEndpoints,
  ...configBackupEndpoints,
  ...networkDiagnosticEndpoints,
  ...firmwareEndpoints,
  ...emergencyEndpoints,
  ...postingEndpoints,
  ...dataLogEndpoints,
  ...dateTimeEndpoints,
  ...whitelistEndpoints,
  ...certificateEndpoints,
  ...mqttEndpoints,
  ...snmpEndpoints,
  ...bacnetEndpoints,
  ...emailEndpoints,
  ...networkEndpoints,
  ...acuCloudEndpoints,
  ...downloadEndpoints,
  ...passwordHelpEndpoints,
  ...integrationEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;

/** The PUT that saves the section a GET endpoint reads. */
export function sectionSaveOf(name: EndpointName): EndpointName | undefined {
  const section = (endpoints[name] as Endpoint).section;
  if (!section) return undefined;
  return (Object.keys(endpoints) as EndpointName[]).find((n) => (endpoints[n] as Endpoint).section === section && endpoints[n].method === 'PUT');
}
export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type ReplyOf<E> = E extends Endpoint<z.ZodType | undefined, infer R> ? (R extends z.ZodType ? z.output<R> : unknown) : never;

/**
 * The API token (002 §2.20) is a read-only key for machines: it grants view on readings only.
 * Decided here (the spec does not say what the token opens); see docs/decisions.md.
 */
export const API_TOKEN_PERMISSION = 4;
