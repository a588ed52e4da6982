/**
 * The CE wireless transmit test (000 §2 CE Test): the form is checked by the contract's rules
 * before it gets here; this finds the module's WiFi radio in sysfs and reports what stops the
 * transmit. Driving the radio's test mode is the radio driver's work, which this module does not
 * carry yet: with a radio that is up the answer says so rather than claiming a transmit.
 */
import { ceTestTexts as t } from '@meter/contract';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RADIO_NOT_DRIVEN = 'The WiFi radio has no transmit test driver';

/** 'Success' or the reason the test could not run. */
export function runCeTransmitTest(netDir = '/sys/class/net'): string {
  let names: string[] = [];
  try {
    names = readdirSync(netDir);
  } catch {
    return t.noRadio;
  }
  const radio = names.find((n) => existsSync(join(netDir, n, 'wireless')));
  if (!radio) return t.noRadio;
  const state = readFileSync(join(netDir, radio, 'operstate'), 'utf8').trim();
  if (state !== 'up') return t.radioDown(radio);
  return RADIO_NOT_DRIVEN;
}
