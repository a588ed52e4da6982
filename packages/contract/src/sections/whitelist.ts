/** Settings › Communication › Whitelist Management (002 §3.12): applied at once by every listener, no reboot. */
import { whitelistTexts } from '../messages.ts';
import { ipWhitelistConfigSchema, ipWhitelistData } from '../schemas/whitelist.ts';
import { defineSection } from './section.ts';

export const ipWhitelistSection = defineSection({
  key: 'ipWhitelist',
  title: 'Whitelist settings',
  context: 'none',
  body: () => ipWhitelistConfigSchema,
  data: ipWhitelistData,
  savedMessage: whitelistTexts.saved,
  defaults: () => ({ whiteListEnable: false, whiteList: [] }),
});
