/**
 * IPv6 page (002 §2.3, §3.3, §5.2): texts, schema and section; its calls are in network.ts.
 */
import { z } from 'zod';
import { withMeta } from '../../rules/field-meta.ts';
import { bool, int, optionalText, strictObject, text } from '../../rules/fields.ts';
import { rule } from '../../rules/validators.ts';
import { checkField } from '../../rules/checks.ts';
import { defineSection } from '../../sections/section.ts';

/** IPv6 page (002 §2.3, §3.3, §5.2): labels and states decided here (docs/decisions/network-page-ports-wifi-ipv6.md). */
export const ipv6Texts = {
  saved: 'IPv6 config saved',
  title: 'IPv6',
  state: 'Current IPv6 State',
  interface: 'Interface',
  linkLocal: 'Link-Local Address',
  linkGlobal: 'Global Address',
  statusHeader: 'Status',
  auto: 'Auto',
  manual: 'Manual',
  enabled: 'Enabled',
  disabled: 'Disabled',
  labels: { enable: 'IPv6', isAuto: 'IP Mode', ip: 'IPv6 Address', prefixLength: 'Prefix Length', gateway: 'Gateway', dns1: 'DNS 1', dns2: 'DNS 2' },
  cards: { general: 'IPv6', ethernet1: 'Ethernet 1', ethernet2: 'Ethernet 2', dns: 'DNS' },
} as const;

const t = ipv6Texts;

/** IPv6 (002 §3.3, §5.2): the config and the current state per interface (getIpv6). */
export const IPV6_PREFIX_MAX = 128;
const L = t.labels;

const ipv6Ethernet = strictObject({
  isAuto: withMeta(bool(L.isAuto), {
    kind: 'radio',
    options: [
      { value: true, label: t.auto },
      { value: false, label: t.manual },
    ],
    checkboxValues: undefined,
  }),
  ip: optionalText(L.ip, rule.ipv6()),
  prefixLength: withMeta(int(L.prefixLength), { min: 1, max: IPV6_PREFIX_MAX }),
  gateway: optionalText(L.gateway, rule.ipv6()),
});
export type Ipv6Ethernet = z.infer<typeof ipv6Ethernet>;

/** Manual addressing needs ip and gateway, and a prefix length of at most 128 (002 §5.2). */
function checkManual(v: Ipv6Ethernet, ctx: z.RefinementCtx, eth: string) {
  if (v.isAuto) return;
  checkField(ctx, [eth, 'ip'], text(L.ip, rule.ipv6()), v.ip);
  checkField(ctx, [eth, 'prefixLength'], int(L.prefixLength, rule.between(1, IPV6_PREFIX_MAX)), v.prefixLength);
  checkField(ctx, [eth, 'gateway'], text(L.gateway, rule.ipv6()), v.gateway);
}

export const ipv6ConfigSchema = strictObject({
  isIPv6Enabled: bool(L.enable),
  eth0: ipv6Ethernet,
  eth1: ipv6Ethernet,
  dns1: optionalText(L.dns1, rule.ipv6()),
  dns2: optionalText(L.dns2, rule.ipv6()),
}).superRefine((v, ctx) => {
  // A disabled stack keeps its addresses unused: they are checked when IPv6 is on.
  if (!v.isIPv6Enabled) return;
  checkManual(v.eth0, ctx, 'eth0');
  checkManual(v.eth1, ctx, 'eth1');
});
export type Ipv6Config = z.infer<typeof ipv6ConfigSchema>;

export const ipv6StateReply = z.object({
  status: z.string(),
  br0LinkGlobal: z.string(),
  br0LinkLocal: z.string(),
  eth0LinkGlobal: z.string(),
  eth0LinkLocal: z.string(),
  eth0Status: z.string(),
  eth1LinkGlobal: z.string(),
  eth1LinkLocal: z.string(),
  eth1Status: z.string(),
});
export type Ipv6State = z.infer<typeof ipv6StateReply>;

/** The EUI-64 interface id of a MAC (RFC 4291 appendix A): the universal/local bit flipped, ff:fe in the middle. */
export function eui64(mac: string): string {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  if (b.length !== 6 || b.some((x) => !Number.isInteger(x) || x < 0 || x > 255)) throw new Error(`not a MAC address: ${mac}`);
  const bytes = [b[0]! ^ 0x02, b[1]!, b[2]!, 0xff, 0xfe, b[3]!, b[4]!, b[5]!];
  const groups = [0, 2, 4, 6].map((i) => ((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}

/** Settings › Communication › IPv6 (002 §2.3, §3.3, §7.1): applied at the next start, like the other network settings. */
const autoEthernet = () => ({ isAuto: true, ip: '', prefixLength: 64, gateway: '' });

export const ipv6Section = defineSection({
  key: 'ipv6Config',
  title: 'IPv6 settings',
  context: 'none',
  body: () => ipv6ConfigSchema,
  data: ipv6ConfigSchema,
  reboot: true,
  savedMessage: ipv6Texts.saved,
  // Decided: off, both ports by SLAAC, DNS learned from the network (002 shows no defaults).
  defaults: () => ({ isIPv6Enabled: false, eth0: autoEthernet(), eth1: autoEthernet(), dns1: '', dns2: '' }),
});
