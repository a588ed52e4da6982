/**
 * Network page (002 §2.2, §3.1, §3.2, §4.1, §5.1, §8): texts, schemas and sections; the calls are in endpoints.ts.
 */
import { z } from 'zod';
import { type MeterContext, DEFAULT_METER_CONTEXT } from '../../meter-state/context.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { bool, int, oneOf, optionalText, strictObject, text } from '../../rules/fields.ts';
import { rule } from '../../rules/validators.ts';
import { checkField, sealable } from '../../rules/checks.ts';
import { defineSection } from '../../sections/section.ts';
import { managementTexts } from '../maintenance/texts.ts';

const WIFI_NOT_READY = 'Wifi is not ready.';

/** Network page (002 §2.2, §5.1, §8.1, §8.2): the spec's texts, then the ones decided here (docs/decisions/network-page-ports-wifi-ipv6.md). */
export const networkTexts = {
  saved: 'Network config saved',
  reservedPorts: 'Port 6000, 6566, 6665, 6666, 6667, 6668, 6669 and 6697 are not available for HTTP or HTTPs port.',
  defaultInterfaceWifi: 'Default interface can not be saved as WIFI when WIFI is disable or WIFI mode is not Station.',
  wifiNotReady: WIFI_NOT_READY,
  load8021xFailed: 'Failed to load 8021X Support',
  sshEnabled: managementTexts.sshSaved,
  sshEnableFailed: managementTexts.sshEnableFailed,
  connected: 'Connected',
  disconnected: 'Disconnected',
  // Decided.
  defaultInterfaceBridge: 'Default interface must be the bridge or WIFI when the bridge is on',
  defaultInterfaceNoBridge: 'Default interface must be Ethernet 1, Ethernet 2 or WIFI when the bridge is off',
  samePorts: 'HTTP port and HTTPS port must be different',
  portHint: (exception: number, min: number, max: number) => `${exception}, or ${min} to ${max}`,
  auto: 'Auto (DHCP)',
  manual: 'Manual',
  enable: 'Enable',
  disable: 'Disable',
  ap: 'Access Point',
  sta: 'Station',
  interfaceNames: { eth0: 'Ethernet 1', eth1: 'Ethernet 2', wlan0: 'WIFI', br0: 'Bridge' },
  labels: {
    bridge: 'Bridge (RSTP)',
    defaultInterface: 'Default Interface',
    dns1: 'DNS 1',
    dns2: 'DNS 2',
    dhcp: 'IP Mode',
    ip: 'IP Address',
    mask: 'Subnet Mask',
    gateway: 'Gateway',
    wifi: 'WIFI',
    mode: 'Mode',
    apSsid: 'SSID',
    apKey: 'Key',
    apIp: 'IP Address',
    staSsid: 'SSID',
    enterprise: 'Enterprise (802.1X)',
    username: 'Username',
    staKey: 'Key',
    allowHttp: 'Allow HTTP',
    httpPort: 'HTTP Port',
    httpsPort: 'HTTPS Port',
    modbusPort: 'Modbus Port',
    proxy: 'Proxy',
    proxyUrl: 'URL',
    proxyPort: 'Port',
  },
  cards: { ethernet1: 'Ethernet 1', ethernet2: 'Ethernet 2', bridge: 'Ethernet (Bridge)', wifi: 'WIFI', dns: 'DNS', http: 'HTTP', modbus: 'Modbus', proxy: 'Proxy', general: 'General' },
  currentIp: (ip: string) => `Current IP: ${ip || '-'}`,
  wifiStatus: 'Status',
  scan: 'Scan',
  set: 'Set',
  pickSsid: 'Available Networks',
  signal: (dbm: number, level: number) => `${dbm} dBm, signal ${level} of 4`,
  checking8021x: 'Checking 802.1X support…',
  no8021x: 'This network does not support 802.1X',
  enableSsh: 'Enable SSH',
  confirmSsh: managementTexts.confirmSsh(true),
  radioOff: WIFI_NOT_READY,
} as const;

const t = networkTexts;

/**
 * Network page (002 §2.2, §3.1, §3.2, §4.1, §5.1): the network config (Ethernet, bridge, WiFi,
 * DNS), the web server, Modbus TCP and proxy configs, and the replies of getIp, getSsid and the
 * 802.1X check. The DNS, HTTP and Modbus ports fall under the network-parameter seal.
 */
export const NETWORK_INTERFACES = ['eth0', 'eth1', 'wlan0', 'br0'] as const;
export type NetworkInterface = (typeof NETWORK_INTERFACES)[number];
export const WIFI_MODES = ['AP', 'STA'] as const;
/** 002 §5.1, §9.1. */
export const RESERVED_WEB_PORTS = [6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697] as const;
export const WEB_PORT_RANGE = [6000, 9999] as const;
export const HTTPS_DEFAULT_PORT = 443;
export const HTTP_DEFAULT_PORT = 80;
export const MODBUS_PORT_RANGE = [2000, 5999] as const;
export const MODBUS_DEFAULT_PORT = 502;
export const PROXY_PORT_RANGE = [1, 65535] as const;
export const SSID_MAX = 32;
export const WIFI_KEY_LENGTH = [8, 63] as const;
export const WIFI_USERNAME_MAX = 32;
/** 002 §2.2: the signal icon's thresholds (dBm): below -90, -80, -70 and 0. */
export const SIGNAL_THRESHOLDS = [-90, -80, -70, 0] as const;

const L = t.labels;

/** The signal icon's level, 1 (below -90 dBm) to 4 (-70 dBm and up). */
export function signalLevel(dbm: number): 1 | 2 | 3 | 4 {
  if (dbm < SIGNAL_THRESHOLDS[0]) return 1;
  if (dbm < SIGNAL_THRESHOLDS[1]) return 2;
  if (dbm < SIGNAL_THRESHOLDS[2]) return 3;
  return 4;
}

/** 002 §4.1: bridge mode allows br0 or wlan0, otherwise eth0, eth1 or wlan0; wlan0 only as a WiFi station. */
export function defaultInterfaceOptions(brEnable: number, wifiStation: boolean): NetworkInterface[] {
  const wired: NetworkInterface[] = brEnable === 1 ? ['br0'] : ['eth0', 'eth1'];
  return wifiStation ? [...wired, 'wlan0'] : wired;
}

/** 002 §4.1: switching the bridge resets the default interface to the first valid one, unless it is back to the original setting. */
export function defaultInterfaceAfterBridge(brEnable: number, current: string, original: { brEnable: number; defaultInterface: string }, wifiStation: boolean): string {
  if (brEnable === original.brEnable) return original.defaultInterface;
  const options = defaultInterfaceOptions(brEnable, wifiStation);
  return options.includes(current as NetworkInterface) ? current : options[0]!;
}

const onOff = (label: string, on: string, off: string) =>
  withMeta(oneOf(label, [0, 1] as const), {
    kind: 'radio',
    options: [
      { value: 1, label: on },
      { value: 0, label: off },
    ],
  });
const ipv4Text = (label: string) => optionalText(label, rule.ipv4());
const requiredIpv4 = (label: string) => text(label, rule.ipv4());

const ethernet = strictObject({
  dhcpEnable: onOff(L.dhcp, t.auto, t.manual),
  ip: ipv4Text(L.ip),
  mask: ipv4Text(L.mask),
  gateway: ipv4Text(L.gateway),
});
export type EthernetConfig = z.infer<typeof ethernet>;

/** Manual addressing needs ip, mask and gateway, each a valid IPv4 address (002 §5.1). */
function checkManual(v: { dhcpEnable: number; ip: string; mask: string; gateway: string }, ctx: z.RefinementCtx, path: string[]) {
  if (v.dhcpEnable !== 0) return;
  checkField(ctx, [...path, 'ip'], requiredIpv4(L.ip), v.ip);
  checkField(ctx, [...path, 'mask'], requiredIpv4(L.mask), v.mask);
  checkField(ctx, [...path, 'gateway'], requiredIpv4(L.gateway), v.gateway);
}

const wifiKey = (label: string) => withMeta(optionalText(label, rule.noSpace()), { kind: 'password', secret: true, maxLength: WIFI_KEY_LENGTH[1] });
/** 8 to 63 characters without spaces; empty passes unless required. */
const keyRules = (label: string, required: boolean) => {
  const checks = [rule.minLength(WIFI_KEY_LENGTH[0]), rule.maxLength(WIFI_KEY_LENGTH[1]), rule.noSpace()];
  return required ? text(label, ...checks) : optionalText(label, ...checks);
};

const apConfig = strictObject({
  ssid: withMeta(optionalText(L.apSsid, rule.maxLength(SSID_MAX), rule.noSpace()), { maxLength: SSID_MAX }),
  key: wifiKey(L.apKey),
  ip: ipv4Text(L.apIp),
});

const staConfig = strictObject({
  ssid: withMeta(optionalText(L.staSsid, rule.maxLength(SSID_MAX)), { maxLength: SSID_MAX }),
  enterpriseEnable: withMeta(oneOf(L.enterprise, [0, 1] as const), { kind: 'checkbox', checkboxValues: [0, 1], options: undefined }),
  username: withMeta(optionalText(L.username, rule.maxLength(WIFI_USERNAME_MAX)), { maxLength: WIFI_USERNAME_MAX }),
  key: wifiKey(L.staKey),
  dhcpEnable: onOff(L.dhcp, t.auto, t.manual),
  ip: ipv4Text(L.ip),
  mask: ipv4Text(L.mask),
  gateway: ipv4Text(L.gateway),
});

const wlan = strictObject({
  enable: onOff(L.wifi, t.enable, t.disable),
  mode: withMeta(oneOf(L.mode, WIFI_MODES), {
    kind: 'radio',
    options: [
      { value: 'AP', label: t.ap },
      { value: 'STA', label: t.sta },
    ],
  }),
  apConfig,
  staConfig,
});

const interfaceSelect = withMeta(oneOf(L.defaultInterface, NETWORK_INTERFACES), { options: NETWORK_INTERFACES.map((v) => ({ value: v, label: t.interfaceNames[v] })) });

export function networkParamSealed(ctx: MeterContext): boolean {
  return ctx.optionalSeal.networkParam === 1;
}

/** The network config under the meter's context: the seal's network parameters make the DNS fields stand-ins. */
export function networkConfigSchema(ctx: MeterContext) {
  const sealed = networkParamSealed(ctx);
  return strictObject({
    brEnable: withMeta(oneOf(L.bridge, [0, 1] as const), { kind: 'checkbox', checkboxValues: [0, 1], options: undefined }),
    defaultInterface: interfaceSelect,
    dns1: sealable(ipDns(L.dns1), sealed),
    dns2: sealable(ipDns(L.dns2), sealed),
    eth0: ethernet,
    eth1: ethernet,
    wlan0: wlan,
  }).superRefine((v, ctx) => {
    checkManual(v.eth0, ctx, ['eth0']);
    // Bridge mode has one Ethernet card (002 §4.1): the second port is part of br0.
    if (v.brEnable !== 1) checkManual(v.eth1, ctx, ['eth1']);
    const w = v.wlan0;
    const station = w.enable === 1 && w.mode === 'STA';
    if (v.defaultInterface === 'wlan0' && !station) ctx.addIssue({ code: 'custom', path: ['defaultInterface'], message: t.defaultInterfaceWifi });
    else if (!defaultInterfaceOptions(v.brEnable, station).includes(v.defaultInterface)) {
      ctx.addIssue({ code: 'custom', path: ['defaultInterface'], message: v.brEnable === 1 ? t.defaultInterfaceBridge : t.defaultInterfaceNoBridge });
    }
    if (w.enable !== 1) return;
    if (w.mode === 'AP') {
      checkField(ctx, ['wlan0', 'apConfig', 'key'], keyRules(L.apKey, true), w.apConfig.key);
      checkField(ctx, ['wlan0', 'apConfig', 'ip'], requiredIpv4(L.apIp), w.apConfig.ip);
      return;
    }
    const s = w.staConfig;
    checkField(ctx, ['wlan0', 'staConfig', 'ssid'], text(L.staSsid), s.ssid);
    if (s.enterpriseEnable === 1) checkField(ctx, ['wlan0', 'staConfig', 'username'], text(L.username), s.username);
    checkField(ctx, ['wlan0', 'staConfig', 'key'], keyRules(L.staKey, false), s.key);
    checkManual(s, ctx, ['wlan0', 'staConfig']);
  });
}
function ipDns(label: string) {
  return text(label, rule.ipAddress());
}
export type NetworkConfig = z.infer<ReturnType<typeof networkConfigSchema>>;

/** Port rule of §5.1: in 6000–9999 or the exception, and not a reserved port. */
function webPort(label: string, exception: number) {
  return int(label, rule.betweenException(exception, WEB_PORT_RANGE[0], WEB_PORT_RANGE[1]), (v: number) =>
    (RESERVED_WEB_PORTS as readonly number[]).includes(v) ? t.reservedPorts : undefined,
  );
}
const withPortMeta = <S extends z.ZodType>(s: S, exception: number) =>
  withMeta(s, { min: WEB_PORT_RANGE[0], max: WEB_PORT_RANGE[1], help: t.portHint(exception, WEB_PORT_RANGE[0], WEB_PORT_RANGE[1]) });

export function webServerConfigSchema(ctx: MeterContext) {
  const sealed = networkParamSealed(ctx);
  const ports = webPortsRaw();
  return strictObject({
    allowHttp: bool(L.allowHttp),
    httpPort: sealable(withPortMeta(int(L.httpPort), HTTP_DEFAULT_PORT), sealed),
    port: sealable(withPortMeta(int(L.httpsPort), HTTPS_DEFAULT_PORT), sealed),
  }).superRefine((v, ctx) => {
    if (sealed) return;
    checkField(ctx, ['port'], ports.https, v.port);
    if (!v.allowHttp) return;
    checkField(ctx, ['httpPort'], ports.http, v.httpPort);
    if (v.httpPort === v.port) ctx.addIssue({ code: 'custom', path: ['httpPort'], message: t.samePorts });
  });
}
function webPortsRaw() {
  return { https: webPort(L.httpsPort, HTTPS_DEFAULT_PORT), http: webPort(L.httpPort, HTTP_DEFAULT_PORT) };
}
export type WebServerConfig = z.infer<ReturnType<typeof webServerConfigSchema>>;

export function modbusTcpConfigSchema(ctx: MeterContext) {
  const port = withMeta(int(L.modbusPort, rule.betweenException(MODBUS_DEFAULT_PORT, MODBUS_PORT_RANGE[0], MODBUS_PORT_RANGE[1])), {
    min: MODBUS_PORT_RANGE[0],
    max: MODBUS_PORT_RANGE[1],
    help: t.portHint(MODBUS_DEFAULT_PORT, MODBUS_PORT_RANGE[0], MODBUS_PORT_RANGE[1]),
  });
  return strictObject({ port: sealable(port, networkParamSealed(ctx)) });
}
export type ModbusTcpConfig = z.infer<ReturnType<typeof modbusTcpConfigSchema>>;

export const proxyServerConfigSchema = strictObject({
  enable: withMeta(oneOf(L.proxy, [0, 1] as const), { kind: 'checkbox', checkboxValues: [0, 1], options: undefined }),
  url: optionalText(L.proxyUrl, rule.hostOrHttpUrl()),
  port: withMeta(int(L.proxyPort), { min: PROXY_PORT_RANGE[0], max: PROXY_PORT_RANGE[1] }),
}).superRefine((v, ctx) => {
  if (v.enable !== 1) return;
  checkField(ctx, ['url'], text(L.proxyUrl, rule.hostOrHttpUrl()), v.url);
  checkField(ctx, ['port'], int(L.proxyPort, rule.between(PROXY_PORT_RANGE[0], PROXY_PORT_RANGE[1])), v.port);
});
export type ProxyServerConfig = z.infer<typeof proxyServerConfigSchema>;

const address = z.object({ ip: z.string(), mask: z.string(), gateway: z.string() });
/** getIp: what each interface holds now (a DHCP lease, or the manual address). */
export const ipStatusReply = z.object({
  eth0: address.extend({ dhcp: z.boolean(), mac: z.string() }),
  eth1: address.extend({ dhcp: z.boolean(), mac: z.string() }),
  br0: address.extend({ enabled: z.boolean() }),
  wlan0: address.extend({ enabled: z.boolean(), mode: z.enum(WIFI_MODES), ssid: z.string(), status: z.enum(['Connected', 'Disconnected']) }),
});
export type IpStatus = z.infer<typeof ipStatusReply>;

/** getSsid: the networks the radio hears, signal in dBm. */
export const ssidListReply = z.array(z.object({ ssid: z.string(), signal: z.number() }));
export type SsidEntry = z.infer<typeof ssidListReply>[number];

/** The 802.1X support check (002 §7.1 "body {input: ssid}", reply value numeric). */
export const check8021xBody = strictObject({ input: z.string().max(SSID_MAX) });
export const check8021xReply = z.object({ value: z.number() });

/**
 * The Network page's four sections (002 §3.1, §3.2, §7.1): each its own GET/PUT, saved only when
 * changed, all taking effect after a reboot. Network, web server and Modbus follow the meter's
 * network-parameter seal.
 */
/** Decided (002 §9.1 redacts them): DNS 8.8.8.8 and 8.8.4.4, Ethernet 1 fixed at 192.168.1.254, Ethernet 2 by DHCP. */
export const DEFAULT_NETWORK_CONFIG = (apSsid = ''): NetworkConfig => ({
  brEnable: 0,
  defaultInterface: 'eth0',
  dns1: '8.8.8.8',
  dns2: '8.8.4.4',
  eth0: { dhcpEnable: 0, ip: '192.168.1.254', mask: '255.255.255.0', gateway: '192.168.1.1' },
  eth1: { dhcpEnable: 1, ip: '', mask: '', gateway: '' },
  wlan0: {
    enable: 0,
    mode: 'AP',
    apConfig: { ssid: apSsid, key: '', ip: '192.168.4.1' },
    staConfig: { ssid: '', enterpriseEnable: 0, username: '', key: '', dhcpEnable: 1, ip: '', mask: '', gateway: '' },
  },
});

const sealedKeys =
  (...keys: string[]) =>
  (ctx: typeof DEFAULT_METER_CONTEXT) =>
    networkParamSealed(ctx) ? keys : [];

export const networkConfigSection = defineSection({
  key: 'networkConfig',
  title: 'Network settings',
  context: 'meter',
  body: networkConfigSchema,
  data: networkConfigSchema(DEFAULT_METER_CONTEXT),
  sealed: sealedKeys('dns1', 'dns2'),
  reboot: true,
  savedMessage: t.saved,
  defaults: () => DEFAULT_NETWORK_CONFIG(),
});

export const webServerConfigSection = defineSection({
  key: 'webServerConfig',
  title: 'Web server settings',
  context: 'meter',
  body: webServerConfigSchema,
  data: webServerConfigSchema(DEFAULT_METER_CONTEXT),
  sealed: sealedKeys('httpPort', 'port'),
  reboot: true,
  savedMessage: t.saved,
  // Decided: HTTP stays on by default (002 §9.1 lists HTTP 80 among the defaults).
  defaults: () => ({ allowHttp: true, httpPort: HTTP_DEFAULT_PORT, port: HTTPS_DEFAULT_PORT }),
});

export const modbusTcpConfigSection = defineSection({
  key: 'modbusTcpConfig',
  title: 'Modbus TCP settings',
  context: 'meter',
  body: modbusTcpConfigSchema,
  data: modbusTcpConfigSchema(DEFAULT_METER_CONTEXT),
  sealed: sealedKeys('port'),
  reboot: true,
  savedMessage: t.saved,
  defaults: () => ({ port: MODBUS_DEFAULT_PORT }),
});

export const proxyServerConfigSection = defineSection({
  key: 'proxyServerConfig',
  title: 'Proxy settings',
  context: 'none',
  body: () => proxyServerConfigSchema,
  data: proxyServerConfigSchema,
  reboot: true,
  savedMessage: t.saved,
  defaults: () => ({ enable: 0 as const, url: '', port: 8080 }),
});
