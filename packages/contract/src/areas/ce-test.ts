/**
 * The CE wireless transmit test (000 §2, §3, §5, §7, §8, §9): texts, form schema and endpoints.
 */
import { z } from 'zod';
import { successReply } from '../schemas/common.ts';
import { ep, write } from '../endpoints/define.ts';
import { int, select, strictObject, text } from '../rules/fields.ts';
import { withMeta } from '../rules/field-meta.ts';
import { rule } from '../rules/validators.ts';
import {
  CHANNEL_BANDWIDTH_OPTIONS,
  CHANSPEC_OPTIONS,
  COUNTRY_CODE_OPTIONS,
  DEFAULT_DESTINATION_ADDRESS,
  IEEE_PROTOCOL_OPTIONS,
  PHY_WATCHDOG_OPTIONS,
  SYNCHRONOUS_MODE_OPTIONS,
  TEST_SCAN_OPTIONS,
  TRANSMIT_PACKETS_OPTIONS,
  WLAN_POWER_TYPE_OPTIONS,
  overrideRateOptions,
} from '../options/ce-test.ts';
import { formMessages as m } from '../shell-messages.ts';

const OVERRIDE_RATE = 'Override Rate';

/** The CE wireless transmit test (000 §2, §5, §8); the module's reasons are decided. */
export const ceTestTexts = {
  test: 'Test',
  success: 'Test successful',
  failure: 'Test failed',
  macHint: 'format 00:11:22:33:44:55',
  badMac: 'Destination Address must be like 00:11:22:33:44:55',
  overrideRateRequired: m.required(OVERRIDE_RATE),
  badOverrideRate: `${OVERRIDE_RATE} must be one of the rates of the IEEE protocol`,
  wrongProtocol: 'The IEEE protocol of the form does not match the command',
  noRadio: 'No WiFi radio to transmit on',
  radioDown: (name: string) => `WiFi radio ${name} is down`,
  ran: (protocol: string, user: string, result: string) => `CE transmit test ${protocol} by ${user}: ${result}`,
} as const;

const t = ceTestTexts;

/**
 * The CE wireless transmit test form (000 §3, §5, §9): every field required; the four counts
 * integers of at least 0; the override rate one of the protocol's rates; the destination a MAC
 * address. The same rules check the console's form and the module's command body.
 */
const MAC_RE = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;
const count = (label: string) => withMeta(int(label, rule.minValue(0)), { min: 0 });

export const ceTestForm = strictObject({
  IEEEProtocol: select('IEEE Protocol', IEEE_PROTOCOL_OPTIONS),
  MinimumPowerConsumptionMode: count('Minimum Power Consumption Mode'),
  PhyWatchdog: select('Phy Watchdog', PHY_WATCHDOG_OPTIONS),
  CountryCode: select('Country Code', COUNTRY_CODE_OPTIONS),
  ChannelBandwidth: select('Channel Bandwidth', CHANNEL_BANDWIDTH_OPTIONS),
  ChannelChanspec: select('Channel Chanspec', CHANSPEC_OPTIONS),
  // Its options follow the protocol: the object's refinement checks it, the screen lists them.
  OverrideRate: withMeta(z.number({ error: () => t.overrideRateRequired }), { label: OVERRIDE_RATE, kind: 'select' }),
  LWBWLANPowertype: select('LWB WLAN Power Type', WLAN_POWER_TYPE_OPTIONS),
  TestScan: select('Test Scan', TEST_SCAN_OPTIONS),
  DistinationAddress: withMeta(
    text('Destination Address', (v) => (MAC_RE.test(v) ? undefined : t.badMac)),
    { help: t.macHint },
  ),
  TransmitPackets: select('Transmit Packets', TRANSMIT_PACKETS_OPTIONS),
  SynchronousMode: select('Synchronous Mode', SYNCHRONOUS_MODE_OPTIONS),
  InterPacketGap: count('Inter Packet Gap'),
  lengthOfPacketToBeSent: count('Length Of Packet To Be Sent'),
  '#OfPacketsToBeTransmitted': count('# Of Packets To Be Transmitted'),
}).superRefine((v, ctx) => {
  if (!overrideRateOptions(v.IEEEProtocol).some((o) => o.value === v.OverrideRate)) ctx.addIssue({ code: 'custom', path: ['OverrideRate'], message: t.badOverrideRate });
});
export type CeTestForm = z.infer<typeof ceTestForm>;

/**
 * The form's first values: 000 §9's defaults, and the first option of the other lists (decided:
 * a list shows a choice, so it holds one). The override rate and the counts start empty.
 */
export const CE_TEST_DEFAULTS: Partial<Record<keyof CeTestForm, number | string>> = {
  IEEEProtocol: 1,
  ChannelBandwidth: 20,
  DistinationAddress: DEFAULT_DESTINATION_ADDRESS,
  ChannelChanspec: 1,
  PhyWatchdog: 0,
  CountryCode: 1,
  LWBWLANPowertype: 1,
  TestScan: 1,
  TransmitPackets: 1,
  SynchronousMode: 0,
};

export const ceTestEndpoints = {
  // The CE wireless transmit test (000 §7), one command per IEEE protocol; its page /ce_test has mask 48.
  ceTest11b: ep({ method: 'PATCH', path: '/command/11bTXTesting', body: ceTestForm, reply: successReply, auth: write('configuration') }),
  ceTest11g: ep({ method: 'PATCH', path: '/command/11gTXTesting', body: ceTestForm, reply: successReply, auth: write('configuration') }),
  ceTest11n: ep({ method: 'PATCH', path: '/command/11nTXTesting', body: ceTestForm, reply: successReply, auth: write('configuration') }),
} as const;
