/**
 * Where a settings section lives. The generic section service does everything a save has in
 * common (validation under the device context, revision, secrets, seal, transaction, audit); a
 * backend only reads the whole document and applies a validated one.
 */
import type { AnySection } from '@meter/contract';
import type { z } from 'zod';
import type { KeyValueStore } from '../../store/db.ts';

export type SectionDoc = Record<string, unknown>;

/** Who saves: the user, and the address the request came from (a whitelist must not shut it out). */
export interface SectionCaller {
  address?: string;
}

/** What a backend's write gets besides the documents. */
export interface SectionWrite {
  now: number;
  /** Whether any field differs from the stored document (a save without changes still runs). */
  changed: boolean;
  /** Runs when the transaction fails: puts in-memory caches back with the database's rollback. */
  onRollback(undo: () => void): void;
}

export interface SectionBackend<T = SectionDoc, C = unknown> {
  /** The whole document as the GET shows it, secrets included (the service blanks them). */
  read(): T;
  /** Applies a validated document inside the caller's SQLite transaction, side effects included. */
  write(next: T, before: T, w: SectionWrite): void;
  /** Refusals the schema cannot express (state of the device, the caller's address): throw a 400 naming the field in `errors`. */
  check?(next: T, before: T, ctx: C, caller: SectionCaller): void;
  /** The label of a top-level key whose schema carries none (a row or a group of fields), for the seal message. */
  keyLabel?(key: string): string | undefined;
}

export const KV_SECTION_PREFIX = 'section.';

/** A section's document: its reply schema's type when the section is known, any document when not. */
export type SectionDocOf<S extends AnySection> = z.ZodType extends S['data'] ? SectionDoc : z.output<S['data']>;

/** A section's first document, before any save. */
export function sectionDefaults<S extends AnySection>(section: S): SectionDocOf<S> {
  if (!section.defaults) throw new Error(`section ${section.key} has no defaults`);
  // The defaults are a document of the section's own schema (the contract's tests parse them).
  return section.defaults() as SectionDocOf<S>;
}

/** A section without a service of its own: one JSON document in the kv table, first its defaults. */
export function kvSectionBackend<S extends AnySection>(kv: KeyValueStore, section: S): SectionBackend<SectionDocOf<S>> {
  if (!section.defaults) throw new Error(`section ${section.key} has no defaults and no backend`);
  const key = KV_SECTION_PREFIX + section.key;
  return {
    read: () => kv.getOrInit(key, () => sectionDefaults(section)),
    write: (next) => kv.set(key, next),
  };
}
