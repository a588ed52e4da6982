/**
 * A settings section (conventions habit 5, LuCI's Map/Section): one object the device keeps,
 * read with a GET and replaced whole with a PUT. Declared once here; the endpoint table points a
 * GET/PUT pair at it, the module's generic section handler serves it (validation under the device
 * context, seal, revision, transaction, audit) and the console's section form draws it.
 */
import type { z } from 'zod';
import { DEFAULT_METER_CONTEXT, type MeterContext } from '../meter-state/context.ts';
import { schemaFields, type SchemaField } from '../rules/field-meta.ts';

/** What a section's rules depend on: nothing, or the meter's state (model, firmware, wiring, seal ...). */
export interface SectionContexts {
  none: undefined;
  meter: MeterContext;
}
export type SectionContextKind = keyof SectionContexts;

/** Neutral contexts: for typing and defaults, never for a live check. */
export const DEFAULT_SECTION_CONTEXTS: { [K in SectionContextKind]: SectionContexts[K] } = {
  none: undefined,
  meter: DEFAULT_METER_CONTEXT,
};

export interface SectionDef<K extends SectionContextKind = SectionContextKind, S extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** Stable id: the generic store's key and the console's query key. */
  key: string;
  /** The section in the module event log: '{title} saved by {user}'. */
  title: string;
  context: K;
  /** The PUT body under a context: the same rules in the console's form and the module's check. */
  body: (ctx: SectionContexts[K]) => S;
  /** The GET reply. */
  data: D;
  /** Top-level keys the seal protects now (the console disables them, the module refuses a change). */
  sealed?: (ctx: SectionContexts[K]) => readonly string[];
  /** Keys a body may carry back that this PUT never changes (shown elsewhere, or set by another call). */
  readOnly?: readonly string[];
  /** Takes effect after a restart: the console offers the reboot prompt after a save. */
  reboot?: boolean;
  /** The console's success alert. */
  savedMessage: string;
  /** Only the admin access level may save it (002 §6, MQTT): its PUT is adminOnly, others see it read-only. */
  adminOnly?: boolean;
  /** The first value of a section the module's generic store keeps (sections without a service of their own). */
  defaults?: () => z.input<D>;
}

export function defineSection<K extends SectionContextKind, S extends z.ZodType, D extends z.ZodType>(def: SectionDef<K, S, D>): SectionDef<K, S, D> {
  return def;
}

/** Any section, its context kind still known: narrow on `context` to call its functions. */
export type AnySection = { [K in SectionContextKind]: SectionDef<K, z.ZodType, z.ZodType> }[SectionContextKind];
export type AnyContext = SectionContexts[SectionContextKind];

function contextFor<K extends SectionContextKind>(kind: K, ctx: AnyContext): SectionContexts[K] {
  // The live context is looked up by the section's own kind, so it is that kind's.
  if (kind !== 'none' && ctx === undefined) throw new Error(`a ${kind} section needs its context`);
  return ctx as SectionContexts[K];
}

/** The section's body schema under a context of its kind. */
export function sectionBody(section: AnySection, ctx: AnyContext): z.ZodType {
  return section.context === 'none' ? section.body(undefined) : section.body(contextFor('meter', ctx));
}

/** The top-level keys the seal protects under a context of the section's kind. */
export function sectionSealed(section: AnySection, ctx: AnyContext): readonly string[] {
  return (section.context === 'none' ? section.sealed?.(undefined) : section.sealed?.(contextFor('meter', ctx))) ?? [];
}

/** The section's fields (with their meta) under a context. */
export function sectionFields(section: AnySection, ctx: AnyContext): SchemaField[] {
  return schemaFields(sectionBody(section, ctx));
}

/** Paths of the fields marked secret: never returned by a GET, never logged; '' in a body keeps the stored one. */
export function secretPaths(section: AnySection): string[][] {
  return sectionFields(section, DEFAULT_SECTION_CONTEXTS[section.context])
    .filter((f) => f.secret)
    .map((f) => [...f.path]);
}

/** Texts of the section layer (decided: the spec shows none). */
export const sectionTexts = {
  saved: (title: string, user: string) => `${title} saved by ${user}`,
  changed: (title: string, changes: string) => `${title} changed: ${changes}`,
  /** A secret's value in an audit entry. */
  secretValue: '***',
  conflict: 'These settings were changed by someone else since this page loaded. Reload to see them.',
  conflictTitle: 'Settings Changed',
  reload: 'Reload',
} as const;

export { IF_REVISION_HEADER, REVISION_HEADER } from './revision.ts';
