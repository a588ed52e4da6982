/**
 * The network as the module reports it (002 §7.1). The simulated device never touches the host's
 * network: what its interfaces hold is decided from the configuration applied at start (a manual
 * address as set, a DHCP lease derived from the interface's MAC), and the WiFi radio hears a fixed
 * set of networks, one of them named after the meter's serial number.
 */
import {
  DEFAULT_NETWORK_CONFIG,
  eui64,
  ipv6Section,
  type Ipv6Config,
  type Ipv6State,
  networkConfigSection,
  networkTexts as t,
  webServerConfigSection,
  type IpStatus,
  type NetworkConfig,
  type SsidEntry,
  type WebServerConfig,
} from '@meter/contract';
import { badRequest } from '../../errors.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { KV_SECTION_PREFIX, type SectionBackend, sectionDefaults } from '../sections/section-backend.ts';

export interface NetworkIdentity {
  meterSerialNumber: string;
  moduleEth0MacAddress: string;
  moduleEth1MacAddress: string;
  moduleWlan0MacAddress: string;
}

/** A network the radio hears: its signal (dBm) and whether it asks for 802.1X (WPA-EAP). */
interface HeardNetwork extends SsidEntry {
  enterprise: boolean;
}

const KV_NETWORK = KV_SECTION_PREFIX + networkConfigSection.key;
const KV_WEB_SERVER = KV_SECTION_PREFIX + webServerConfigSection.key;
const KV_IPV6 = KV_SECTION_PREFIX + ipv6Section.key;
/** What router advertisements give each port in the simulation (the documentation prefix, RFC 3849). */
const SLAAC_PREFIX = { eth0: '2001:db8:0:1', eth1: '2001:db8:0:2' } as const;

/** The device's own default access point name carries the serial number (002 §1). */
export const defaultApSsid = (serial: string) => `AcuRev-${serial}`;

/** A plausible DHCP lease, stable per interface: the last two MAC bytes pick the host address. */
export function dhcpLease(mac: string): { ip: string; mask: string; gateway: string } {
  const bytes = mac.split(':').map((h) => parseInt(h, 16));
  const host = 20 + (((bytes[4] ?? 0) * 256 + (bytes[5] ?? 0)) % 200);
  return { ip: `192.168.10.${host}`, mask: '255.255.255.0', gateway: '192.168.10.1' };
}

export class NetworkService {
  /** The configuration the interfaces were brought up with: a save takes effect after the reboot. */
  private readonly running: NetworkConfig;
  private readonly runningIpv6: Ipv6Config;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly identity: () => NetworkIdentity,
  ) {
    this.running = this.backend().read() as NetworkConfig;
    this.runningIpv6 = kv.getOrInit<Ipv6Config>(KV_IPV6, () => sectionDefaults(ipv6Section));
  }

  /**
   * getIpv6: link-local addresses from each MAC (EUI-64), global ones from the configured address or,
   * with Auto, from the advertised prefix and the EUI-64 id; in bridge mode br0 holds Ethernet 1's.
   */
  ipv6State(): Ipv6State {
    const c = this.runningIpv6;
    const id = this.identity();
    const empty = { LinkGlobal: '', LinkLocal: '' };
    if (!c.isIPv6Enabled) {
      return {
        status: 'Disabled',
        br0LinkGlobal: '',
        br0LinkLocal: '',
        eth0LinkGlobal: '',
        eth0LinkLocal: '',
        eth0Status: 'Disabled',
        eth1LinkGlobal: '',
        eth1LinkLocal: '',
        eth1Status: 'Disabled',
      };
    }
    const port = (eth: 'eth0' | 'eth1', mac: string) => {
      const cfg = c[eth];
      const iid = eui64(mac);
      return {
        LinkLocal: `fe80::${iid}/64`,
        LinkGlobal: cfg.isAuto ? `${SLAAC_PREFIX[eth]}:${iid}/64` : `${cfg.ip}/${cfg.prefixLength}`,
        Status: cfg.isAuto ? 'Auto' : 'Manual',
      };
    };
    const eth0 = port('eth0', id.moduleEth0MacAddress);
    const eth1 = port('eth1', id.moduleEth1MacAddress);
    const bridge = this.running.brEnable === 1;
    const br0 = bridge ? eth0 : empty;
    const ports = bridge ? { ...empty, Status: 'Bridged' } : undefined;
    return {
      status: 'Enabled',
      br0LinkGlobal: br0.LinkGlobal,
      br0LinkLocal: br0.LinkLocal,
      eth0LinkGlobal: (ports ?? eth0).LinkGlobal,
      eth0LinkLocal: (ports ?? eth0).LinkLocal,
      eth0Status: (ports ?? eth0).Status,
      eth1LinkGlobal: (ports ?? eth1).LinkGlobal,
      eth1LinkLocal: (ports ?? eth1).LinkLocal,
      eth1Status: (ports ?? eth1).Status,
    };
  }

  /** The network section's store: its first value names the access point after the serial number. */
  backend(): SectionBackend {
    return {
      read: () => this.kv.getOrInit(KV_NETWORK, () => DEFAULT_NETWORK_CONFIG(defaultApSsid(this.identity().meterSerialNumber))),
      write: (next) => this.kv.set(KV_NETWORK, next),
    };
  }

  /** The web server settings as saved (read at start by the launcher). */
  webServer(): WebServerConfig {
    return this.kv.getOrInit<WebServerConfig>(KV_WEB_SERVER, () => sectionDefaults(webServerConfigSection));
  }

  /** The networks the radio hears: fixed names and signals, so a scan is the same every time. */
  private heard(): HeardNetwork[] {
    const serial = this.identity().meterSerialNumber;
    return [
      { ssid: 'Plant-Floor', signal: -52, enterprise: false },
      { ssid: `Meter-${serial}-Service`, signal: -61, enterprise: false },
      { ssid: 'Corp-Secure', signal: -67, enterprise: true },
      { ssid: 'Warehouse', signal: -74, enterprise: false },
      { ssid: 'Office-Guest', signal: -83, enterprise: false },
      { ssid: 'Lab-EAP', signal: -88, enterprise: true },
      { ssid: 'Far-Gate', signal: -93, enterprise: false },
    ];
  }

  /** getSsid: the radio is powered only while WiFi is enabled in the running configuration. */
  scan(): SsidEntry[] {
    if (this.running.wlan0.enable !== 1) throw badRequest(t.wifiNotReady);
    return this.heard().map(({ ssid, signal }) => ({ ssid, signal }));
  }

  /** 1 when the network asks for 802.1X, or is not heard (a hidden network may); 0 for a heard PSK network. */
  supports8021x(ssid: string): number {
    const found = this.heard().find((n) => n.ssid === ssid);
    return found === undefined || found.enterprise ? 1 : 0;
  }

  ipStatus(): IpStatus {
    const c = this.running;
    const id = this.identity();
    const eth = (cfg: NetworkConfig['eth0'], mac: string) => ({
      ...(cfg.dhcpEnable === 1 ? dhcpLease(mac) : { ip: cfg.ip, mask: cfg.mask, gateway: cfg.gateway }),
      dhcp: cfg.dhcpEnable === 1,
      mac,
    });
    const eth0 = eth(c.eth0, id.moduleEth0MacAddress);
    const bridge = c.brEnable === 1;
    const none = { ip: '', mask: '', gateway: '' };
    const w = c.wlan0;
    const station = w.enable === 1 && w.mode === 'STA';
    const heard = station && this.heard().some((n) => n.ssid === w.staConfig.ssid);
    const sta = w.staConfig;
    const wifiAddress =
      w.enable !== 1
        ? none
        : w.mode === 'AP'
          ? { ip: w.apConfig.ip, mask: '255.255.255.0', gateway: '' }
          : !heard
            ? none
            : sta.dhcpEnable === 1
              ? dhcpLease(id.moduleWlan0MacAddress)
              : { ip: sta.ip, mask: sta.mask, gateway: sta.gateway };
    return {
      // In bridge mode the ports carry no address of their own: br0 holds Ethernet 1's settings.
      eth0: bridge ? { ...none, dhcp: eth0.dhcp, mac: eth0.mac } : eth0,
      eth1: bridge ? { ...none, dhcp: c.eth1.dhcpEnable === 1, mac: id.moduleEth1MacAddress } : eth(c.eth1, id.moduleEth1MacAddress),
      br0: bridge ? { ip: eth0.ip, mask: eth0.mask, gateway: eth0.gateway, enabled: true } : { ...none, enabled: false },
      wlan0: {
        ...wifiAddress,
        enabled: w.enable === 1,
        mode: w.mode,
        ssid: w.enable !== 1 ? '' : w.mode === 'AP' ? w.apConfig.ssid || defaultApSsid(id.meterSerialNumber) : sta.ssid,
        status: w.enable === 1 && (w.mode === 'AP' || heard) ? 'Connected' : 'Disconnected',
      },
    };
  }
}
