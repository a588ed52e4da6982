/**
 * Whitelist (001 §2 "Communication, Whitelist", §5, §7): texts, schema, section and endpoints.
 */
import { z } from 'zod';
import { bool, optionalText, strictObject } from '../rules/fields.ts';
import { rule } from '../rules/validators.ts';
import { defineSection } from '../sections/section.ts';
import { emptyBody, successReply } from '../schemas/common.ts';
import { ep, pathParams, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';
import { requestMessages } from '../shell-messages.ts';
import { certificateTexts } from './certificates/texts.ts';

/** Whitelist Management (002 §2.10, §5.9, §8.2, §8.3): the spec's texts, and the module's own (decided). */
export const whitelistTexts = {
  title: 'Whitelist Management',
  saved: 'Whitelist saved',
  bothEmpty: 'both IPv4 and IPv6 can not be empty at the same time.',
  maxEntries: 'Maximum 20 whitelists',
  atLeastOne: 'Add at least 1 whitelist',
  uploadFailed: (reply: string) => `WhiteList upload failed: ${reply}`,
  fileNotFound: requestMessages.certificateNotFound,
  labels: { enable: 'Whitelist', ipv4: 'IPv4', ipv6: 'IPv6', description: 'Description' },
  enabled: 'Enable',
  disabled: 'Disable',
  add: 'Add Whitelist',
  importCsv: 'Import',
  exportCsv: 'Export',
  deleteEntry: 'Delete',
  noEntries: 'No whitelist entries',
  imported: 'Whitelist imported',
  // The module's own replies (decided: the spec shows none).
  selfLockout: (address: string) => `Your address ${address} is not in the whitelist: add it before enabling the whitelist, or you would be shut out`,
  csvHeader: 'ipv4,ipv6,description',
  csvBadHeader: 'The first line must be ipv4,ipv6,description',
  csvBadLine: (line: number, message: string) => `Line ${line}: ${message}`,
  csvNotText: 'The file is not a CSV text file',
  noFile: certificateTexts.noFile,
} as const;

const t = whitelistTexts;

/** IP whitelist (002 §3.12, §5.9): entries of IPv4 and/or IPv6 and a description, at most 20. */
export const MAX_WHITELIST_ENTRIES = 20;
/** Description length in the table, and in the add form (002 §5.9). */
export const WHITELIST_DESCRIPTION_MAX = 20;
export const WHITELIST_ADD_DESCRIPTION_MAX = 6;

const L = t.labels;

const entryShape = (descriptionMax: number) =>
  strictObject({
    ipv4: optionalText(L.ipv4, rule.ipv4()),
    ipv6: optionalText(L.ipv6, rule.ipv6()),
    description: optionalText(L.description, rule.maxLength(descriptionMax)),
  }).superRefine((v, ctx) => {
    if (v.ipv4.trim() === '' && v.ipv6.trim() === '') ctx.addIssue({ code: 'custom', path: ['ipv4'], message: t.bothEmpty });
  });

export const whitelistEntry = entryShape(WHITELIST_DESCRIPTION_MAX);
export type WhitelistEntry = z.infer<typeof whitelistEntry>;
/** The add form's entry: the shorter description. */
export const whitelistAddEntry = entryShape(WHITELIST_ADD_DESCRIPTION_MAX);

export const ipWhitelistConfigSchema = strictObject({
  whiteListEnable: bool(L.enable),
  whiteList: z.array(whitelistEntry).max(MAX_WHITELIST_ENTRIES, { error: t.maxEntries }),
}).superRefine((v, ctx) => {
  if (v.whiteListEnable && v.whiteList.length === 0) ctx.addIssue({ code: 'custom', path: ['whiteList'], message: t.atLeastOne });
});
export type IpWhitelistConfig = z.infer<typeof ipWhitelistConfigSchema>;

export const ipWhitelistData = z.object({
  whiteListEnable: z.boolean(),
  whiteList: z.array(z.object({ ipv4: z.string(), ipv6: z.string(), description: z.string() })),
});

/** Settings › Communication › Whitelist Management (002 §3.12): applied at once by every listener, no reboot. */
export const ipWhitelistSection = defineSection({
  key: 'ipWhitelist',
  title: 'Whitelist settings',
  context: 'none',
  body: () => ipWhitelistConfigSchema,
  data: ipWhitelistData,
  savedMessage: whitelistTexts.saved,
  defaults: () => ({ whiteListEnable: false, whiteList: [] }),
});

export const whitelistEndpoints = {
  // IP whitelist (002 §7.4): configuration view reads, configuration edit writes.
  ipWhitelistConfig: sectionRead('/settings/communication/ipWhitelistConfig', ipWhitelistSection, read('configuration')),
  saveIpWhitelistConfig: sectionWrite('/settings/communication/ipWhitelistConfig', ipWhitelistSection, write('configuration')),
  /** Writes the list as CSV; the reply's value is the file's path under /api, to download. */
  exportIpWhitelist: ep({ method: 'PATCH', path: '/command/exportIpWhitelist', body: /* @__PURE__ */ emptyBody.optional(), reply: successReply, auth: read('configuration') }),
  ipWhitelistFile: ep({ method: 'GET', path: '/command/exportIpWhitelist/:fileName', params: pathParams('fileName'), auth: read('configuration'), file: true }),
  /** Multipart, one field `file`: a CSV (ipv4,ipv6,description) that replaces the list, checked like a save. */
  uploadIpWhitelist: ep({ method: 'POST', path: '/upload/local/ipWhiteList', reply: successReply, auth: write('configuration') }),
} as const;
