/**
 * The Network page's four sections (002 §3.1, §3.2, §7.1): each its own GET/PUT, saved only when
 * changed, all taking effect after a reboot. Network, web server and Modbus follow the meter's
 * network-parameter seal.
 */
import { networkTexts as t } from '../messages.ts';
import {
  HTTPS_DEFAULT_PORT,
  HTTP_DEFAULT_PORT,
  MODBUS_DEFAULT_PORT,
  modbusTcpConfigSchema,
  networkConfigSchema,
  networkParamSealed,
  proxyServerConfigSchema,
  webServerConfigSchema,
  type NetworkConfig,
} from '../schemas/network.ts';
import { DEFAULT_METER_CONTEXT } from '../meter-state/context.ts';
import { defineSection } from './section.ts';

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
