/** The whitelist page's pure parts: the add form's check and the dirty comparison (unit-tested). */
import { MAX_WHITELIST_ENTRIES, whitelistAddEntry, type WhitelistEntry } from '@meter/contract';

export interface WhitelistDraft {
  whiteListEnable: boolean;
  whiteList: WhitelistEntry[];
}

/** The add form's messages by field, or undefined when the entry may be added. */
export function addEntryErrors(entry: WhitelistEntry): Partial<Record<keyof WhitelistEntry, string>> | undefined {
  const r = whitelistAddEntry.safeParse(entry);
  if (r.success) return undefined;
  const errors: Partial<Record<keyof WhitelistEntry, string>> = {};
  for (const issue of r.error.issues) errors[issue.path[0] as keyof WhitelistEntry] ??= issue.message;
  return errors;
}

export const isFull = (d: WhitelistDraft): boolean => d.whiteList.length >= MAX_WHITELIST_ENTRIES;

export const sameDraft = (a: WhitelistDraft, b: WhitelistDraft): boolean => JSON.stringify(a) === JSON.stringify(b);
