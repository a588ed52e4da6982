/**
 * Every API call (the table the module registers and the console fetches from): each area declares
 * its calls in its own file under areas/, this joins them into the one table (in this order, which
 * calls.ts and docs/openapi.json follow); the builders and types are in define.ts.
 */
import { authEndpoints } from '../areas/auth.ts';
import { deviceEndpoints } from '../areas/device.ts';
import { readingEndpoints } from '../areas/readings/index.ts';
import { logEndpoints } from '../areas/logs/index.ts';
import { trendEndpoints } from '../areas/trends/index.ts';
import { meterSettingsEndpoints } from '../areas/meter-settings/index.ts';
import { userEndpoints } from '../areas/users/index.ts';
import { recordEndpoints } from '../areas/records/index.ts';
import { ceTestEndpoints } from '../areas/ce-test.ts';
import { maintenanceEndpoints } from '../areas/maintenance/index.ts';
import { configBackupEndpoints } from '../areas/config-backup/index.ts';
import { networkDiagnosticEndpoints } from '../areas/network-diagnostic/index.ts';
import { firmwareEndpoints } from '../areas/firmware/index.ts';
import { emergencyEndpoints } from '../areas/emergency/index.ts';
import { postingEndpoints } from '../areas/posting/index.ts';
import { dataLogEndpoints } from '../areas/data-log.ts';
import { dateTimeEndpoints } from '../areas/date-time.ts';
import { whitelistEndpoints } from '../areas/whitelist.ts';
import { certificateEndpoints } from '../areas/certificates/index.ts';
import { mqttEndpoints } from '../areas/mqtt.ts';
import { snmpEndpoints } from '../areas/snmp.ts';
import { bacnetEndpoints } from '../areas/bacnet.ts';
import { emailEndpoints } from '../areas/email.ts';
import { networkEndpoints } from '../areas/network/index.ts';
import { acuCloudEndpoints } from '../areas/acucloud.ts';
import { downloadEndpoints } from '../areas/downloads.ts';
import { passwordHelpEndpoints } from '../areas/users/index.ts';
import { integrationEndpoints } from '../areas/integration.ts';
import type { z } from 'zod';
import type { Endpoint } from './define.ts';

export * from './define.ts';
export * from './url.ts';

export const endpoints = {
  ...authEndpoints,
  ...deviceEndpoints,
  ...readingEndpoints,
  ...logEndpoints,
  ...trendEndpoints,
  ...meterSettingsEndpoints,
  ...userEndpoints,
  ...recordEndpoints,
  ...ceTestEndpoints,
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
 * Decided here (the spec does not say what the token opens); see docs/decisions/contract-permissions-and-routes.md.
 */
export const API_TOKEN_PERMISSION = 4;
