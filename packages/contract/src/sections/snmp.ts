/** The SNMP config (002 §3.8): applied at once (the agent restarts on its port with its community). */
import { snmpTexts } from '../messages.ts';
import { SNMP_DEFAULT_PORT, snmpConfig, type SnmpConfig } from '../schemas/snmp.ts';
import { defineSection } from './section.ts';

export const DEFAULT_SNMP_CONFIG = (): SnmpConfig => ({
  enable: 0,
  readOnlyCommunity: '',
  port: SNMP_DEFAULT_PORT,
  trapConfig: { enable: 0, target1: '', target2: '', target3: '', target4: '', reportBufferSize: 10, reportHoldTime: 60 },
});

export const snmpSection = defineSection({
  key: 'snmpConfig',
  title: 'SNMP settings',
  context: 'none',
  body: () => snmpConfig,
  data: snmpConfig,
  savedMessage: snmpTexts.saved,
  defaults: DEFAULT_SNMP_CONFIG,
});
