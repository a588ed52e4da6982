/**
 * record/commStatus (000 §7): the communication an installer writes into the record, as the
 * device runs it now: the Ethernet ports and WiFi as brought up at start (Ethernet 1 and 2 of the
 * record are eth0 and eth1; in bridge mode both carry br0's address), the Modbus TCP port and
 * BACnet/IP as configured, and the meter's RS-485 address and baud rate. The module has no RSTP.
 */
import { MODBUS_RTU_BAUDRATES, commInstallSection, type CommInstall, type IpStatus } from '@meter/contract';
import { sectionDefaults } from '../sections/section-backend.ts';

export interface CommStatusSources {
  ip: () => IpStatus;
  modbusTcpPort: () => number;
  bacnet: () => { enable: number; port: number; deviceInstance: number };
  /** The meter's RS-485 settings (Meter › General). */
  rs485: () => { meterAddress: number; meterBaud: number };
}

const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;

export function commStatus(s: CommStatusSources): CommInstall {
  const defaults = sectionDefaults(commInstallSection);
  const ip = s.ip();
  const port = (p: IpStatus['eth0']) => {
    const address = ip.br0.enabled ? ip.br0.ip : p.ip;
    return { dhcp: flag(p.dhcp), ip: address, status: flag(address !== '') };
  };
  const [e1, e2] = [port(ip.eth0), port(ip.eth1)];
  const bacnet = s.bacnet();
  const rs485 = s.rs485();
  return {
    ...defaults,
    eth1DHCP: e1.dhcp,
    eth1IPAddress: e1.ip,
    eth1Status: e1.status,
    eth2DHCP: e2.dhcp,
    eth2IPAddress: e2.ip,
    eth2Status: e2.status,
    wifiEnable: flag(ip.wlan0.enabled),
    wifiMode: ip.wlan0.mode,
    wifiStatus: flag(ip.wlan0.status === 'Connected'),
    wifiIP: ip.wlan0.ip,
    wifiSSID: ip.wlan0.ssid,
    modbusTCPPort: s.modbusTcpPort(),
    // The record's list of rates; a meter rate outside it keeps the record's default.
    modbusRTUBaudrate: (MODBUS_RTU_BAUDRATES as readonly number[]).includes(rs485.meterBaud) ? (rs485.meterBaud as CommInstall['modbusRTUBaudrate']) : defaults.modbusRTUBaudrate,
    modbusRTUAddress: Math.min(247, Math.max(1, rs485.meterAddress)),
    bacNetIPEnabled: flag(bacnet.enable === 1),
    bacNetIPPort: bacnet.port,
    bacNetIPID: bacnet.deviceInstance,
  };
}
