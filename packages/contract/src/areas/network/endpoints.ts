/** Network and IPv6 (002 §7.1): the calls of both pages. */
import { successReply, emptyBody } from '../../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../../endpoints/define.ts';
import { ipv6StateReply, ipv6Section } from './ipv6.ts';
import {
  check8021xBody,
  check8021xReply,
  ipStatusReply,
  modbusTcpConfigSection,
  networkConfigSection,
  proxyServerConfigSection,
  ssidListReply,
  webServerConfigSection,
} from './network.ts';

/** Network page (002 §7.1): the four sections, the interface status, the WiFi scan and 802.1X check, the emergency SSH switch. */
const base = '/settings/communication';

export const networkEndpoints = {
  networkConfig: sectionRead(`${base}/networkConfig`, networkConfigSection, read('configuration')),
  saveNetworkConfig: sectionWrite(`${base}/networkConfig`, networkConfigSection, write('configuration')),
  webServerConfig: sectionRead(`${base}/webServerConfig`, webServerConfigSection, read('configuration')),
  saveWebServerConfig: sectionWrite(`${base}/webServerConfig`, webServerConfigSection, write('configuration')),
  modbusTcpConfig: sectionRead(`${base}/modbusTcpConfig`, modbusTcpConfigSection, read('configuration')),
  saveModbusTcpConfig: sectionWrite(`${base}/modbusTcpConfig`, modbusTcpConfigSection, write('configuration')),
  proxyServerConfig: sectionRead(`${base}/proxyServerConfig`, proxyServerConfigSection, read('configuration')),
  saveProxyServerConfig: sectionWrite(`${base}/proxyServerConfig`, proxyServerConfigSection, write('configuration')),
  getIp: ep({ method: 'GET', path: '/command/getIp', reply: ipStatusReply, auth: read('configuration') }),
  /** 400 "Wifi is not ready." while the radio is off (WiFi disabled in the saved config). */
  getSsid: ep({ method: 'GET', path: '/command/getSsid', reply: ssidListReply, auth: read('configuration') }),
  /** 002 §7.1 "PATCH {token}" (the path is not shown): value 1 when the network supports 802.1X. */
  check8021xSupport: ep({ method: 'PATCH', path: '/command/check8021xSupport', body: check8021xBody, reply: check8021xReply, auth: read('configuration') }),
  /** Emergency mode (system mode 2): turns the SSH server on; maintenance edit, as Management's SSH switch. */
  emergencySshEnable: ep({ method: 'PATCH', path: '/command/emergency/sshEnable', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  ipv6Config: sectionRead(`${base}/ipv6Config`, ipv6Section, read('configuration')),
  saveIpv6Config: sectionWrite(`${base}/ipv6Config`, ipv6Section, write('configuration')),
  /** The addresses each interface holds now: link-local from the MAC (EUI-64), global from the prefix. */
  getIpv6: ep({ method: 'GET', path: '/command/ipv6Config/getIpv6', reply: ipv6StateReply, auth: read('configuration') }),
} as const;
