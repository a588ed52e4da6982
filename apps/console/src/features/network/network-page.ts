/**
 * The Network page's four sections as one form (002 §2.2, §5.1): a combined section whose fields
 * are prefixed by the section they belong to, so one schema checks them all and a save PUTs only
 * the sections whose fields changed (pure; unit-tested).
 */
import { z } from 'zod';
import {
  FIELD_PATH_SEPARATOR,
  defineSection,
  modbusTcpConfigSection,
  networkConfigSection,
  networkTexts,
  proxyServerConfigSection,
  sectionBody,
  strictObject,
  webServerConfigSection,
  type MeterContext,
} from '@meter/contract';

export const NETWORK_PAGE_SECTIONS = {
  networkConfig: networkConfigSection,
  webServerConfig: webServerConfigSection,
  modbusTcpConfig: modbusTcpConfigSection,
  proxyServerConfig: proxyServerConfigSection,
} as const;
export type NetworkPageKey = keyof typeof NETWORK_PAGE_SECTIONS;
export const NETWORK_PAGE_KEYS = Object.keys(NETWORK_PAGE_SECTIONS) as NetworkPageKey[];

/** The page as one section under the meter's context (the seal of the network parameters). */
export const networkPageSection = defineSection({
  key: 'networkPage',
  title: 'Network settings',
  context: 'meter',
  body: (ctx: MeterContext) => strictObject(Object.fromEntries(NETWORK_PAGE_KEYS.map((k) => [k, sectionBody(NETWORK_PAGE_SECTIONS[k], ctx)])) as Record<NetworkPageKey, z.ZodType>),
  data: z.object({}),
  reboot: true,
  savedMessage: networkTexts.saved,
});

/** The sections with a flat field (`networkConfig__eth0__ip`) whose value differs from the baseline. */
export function changedSections(flat: Readonly<Record<string, unknown>>, baseline: Readonly<Record<string, unknown>>): NetworkPageKey[] {
  return NETWORK_PAGE_KEYS.filter((key) =>
    Object.keys(flat).some((name) => name.startsWith(key + FIELD_PATH_SEPARATOR) && JSON.stringify(flat[name]) !== JSON.stringify(baseline[name])),
  );
}
