/** SNMP (002 §7.3): the config section and the MIB file download. */
import { snmpSection } from '../sections/snmp.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const snmpEndpoints = {
  snmpConfig: sectionRead('/settings/communication/snmpConfig', snmpSection, read('configuration')),
  saveSnmpConfig: sectionWrite('/settings/communication/snmpConfig', snmpSection, write('configuration')),
  /** The SMIv2 module of the served subtree (path decided: the spec names no path). */
  snmpMib: ep({ method: 'GET', path: '/download/snmpMib/ACCUMETER-MIB.txt', auth: read('configuration'), file: true }),
} as const;
