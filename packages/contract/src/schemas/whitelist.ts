/** IP whitelist (002 §3.12, §5.9): entries of IPv4 and/or IPv6 and a description, at most 20. */
import { z } from 'zod';
import { whitelistTexts as t } from '../messages.ts';
import { bool, optionalText, strictObject } from '../rules/fields.ts';
import { rules, type Checker } from '../rules/validators.ts';

export const MAX_WHITELIST_ENTRIES = 20;
/** Description length in the table, and in the add form (002 §5.9). */
export const WHITELIST_DESCRIPTION_MAX = 20;
export const WHITELIST_ADD_DESCRIPTION_MAX = 6;

const L = t.labels;
const c = <T>(x: Checker) => x as Checker<T>;

const entryShape = (descriptionMax: number) =>
  strictObject({
    ipv4: optionalText(L.ipv4, c(rules.ipv4(L.ipv4))),
    ipv6: optionalText(L.ipv6, c(rules.ipv6(L.ipv6))),
    description: optionalText(L.description, c(rules.maxLength(L.description, descriptionMax))),
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
