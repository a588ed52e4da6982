/** Settings › Communication › IPv6 (002 §2.3, §3.3, §7.1): applied at the next start, like the other network settings. */
import { ipv6Texts } from '../messages.ts';
import { ipv6ConfigSchema } from '../schemas/ipv6.ts';
import { defineSection } from './section.ts';

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
