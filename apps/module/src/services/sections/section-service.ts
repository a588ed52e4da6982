/**
 * The generic settings section store (conventions habit 5): a contract section plus a backend.
 * A read blanks the secrets and names the revision; a save validates the whole body under the
 * live device context, refuses a stale revision and a sealed change, then writes the backend and
 * the module event log in one transaction: a refused or failed save changes nothing.
 */
import {
  DEFAULT_SECTION_CONTEXTS,
  metaOf,
  meterSettingsTexts,
  sameValue,
  schemaFields,
  sectionBody,
  sectionSealed,
  secretPaths,
  sectionTexts,
  shapeOf,
  type AnyContext,
  type AnySection,
  type SectionContextKind,
  type SectionContexts,
} from '@meter/contract';
import type { z } from 'zod';
import { badRequest, validationError } from '../../errors.ts';
import type { ModuleContext } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { changeList } from './audit.ts';
import { setValueAt, valueAt, withoutSecrets } from './document.ts';
import { Revisions } from './revision.ts';
import { type SectionBackend, type SectionCaller, type SectionDoc, kvSectionBackend } from './section-backend.ts';

/** The live device context of each kind a section's rules may depend on ('none' needs none). */
export type SectionContextProviders = { [K in Exclude<SectionContextKind, 'none'>]?: () => SectionContexts[K] };

export interface SectionServiceDeps {
  ctx: Pick<ModuleContext, 'db' | 'kv' | 'now'>;
  events: ModuleEventLog;
  contexts: SectionContextProviders;
  /** The App Config subsystem of the system log: saves and refusals; at debug what changed (secrets masked). */
  syslog?: SubsystemLog;
}

export interface SectionRead {
  data: SectionDoc;
  revision: string;
}

export interface SectionSaved {
  changed: boolean;
  /** The revision after the save. */
  revision: string;
}

export class SectionService {
  private readonly backends = new Map<AnySection, SectionBackend>();
  private readonly revisions: Revisions;

  constructor(private readonly d: SectionServiceDeps) {
    this.revisions = new Revisions(d.ctx.kv);
  }

  /** Without a backend, the section is a document of the generic kv store (it needs defaults). */
  register<T extends object>(section: AnySection, backend?: SectionBackend<T, AnyContext>): void {
    if (this.backends.has(section)) throw new Error(`section ${section.key} is registered twice`);
    this.backends.set(section, (backend ?? kvSectionBackend(this.d.ctx.kv, section)) as SectionBackend);
  }

  /** A registered backend, or a section the generic kv store keeps (it has defaults). */
  serves(section: AnySection): boolean {
    return this.backends.has(section) || section.defaults !== undefined;
  }

  read(section: AnySection): SectionRead {
    const doc = this.backend(section).read();
    return { data: withoutSecrets(doc, secretPaths(section)), revision: this.revisionOf(doc) };
  }

  /** The whole stored document, secrets included: for the configuration backups, never for a reply. */
  document(section: AnySection): SectionDoc {
    return structuredClone(this.backend(section).read());
  }

  /** Runs every check of a save (rules, seal, backend refusals) without writing: throws what the save would. */
  check(section: AnySection, rawBody: unknown, caller: SectionCaller = {}): void {
    this.prepare(section, rawBody, undefined, caller);
  }

  private prepare(section: AnySection, rawBody: unknown, ifRevision?: readonly string[], caller: SectionCaller = {}) {
    const backend = this.backend(section);
    const ctx = this.contextOf(section);
    const schema = sectionBody(section, ctx);
    const before = backend.read();
    // A secret sent back as the GET showed it ('') keeps the stored one, checked like any value.
    const body = structuredClone(rawBody ?? {}) as SectionDoc;
    for (const path of secretPaths(section)) if (valueAt(body, path) === '') setValueAt(body, path, structuredClone(valueAt(before, path)));
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);

    this.revisions.check(before, ifRevision);

    const next = structuredClone(parsed.data) as SectionDoc;
    for (const key of section.readOnly ?? []) next[key] = structuredClone(before[key]);

    for (const key of sectionSealed(section, ctx)) {
      if (sameValue(next[key], before[key])) continue;
      const message = meterSettingsTexts.sealed(keyLabel(schema, backend, key));
      throw badRequest(message, { [key]: message });
    }
    backend.check?.(next, before, ctx, caller);

    const changes = changeList(schemaFields(schema), before, next);
    const changed = changes.length > 0 || !sameValue(next, before);
    return { backend, next, before, changes, changed };
  }

  /**
   * Saves a whole section from a raw body. `ifRevision` (from If-Match) must name the current
   * revision when given; without it the save is accepted as before (clients of the plain API).
   */
  save(section: AnySection, rawBody: unknown, user: string, ifRevision?: readonly string[], caller: SectionCaller = {}): SectionSaved {
    const log = this.d.syslog ?? NO_SYSLOG;
    let prepared: ReturnType<SectionService['prepare']>;
    try {
      prepared = this.prepare(section, rawBody, ifRevision, caller);
    } catch (err) {
      log('warning', `${section.key} not saved for ${user}: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
    const { backend, next, before, changes, changed } = prepared;
    const undo: Array<() => void> = [];
    try {
      this.d.ctx.db.transaction(() => {
        backend.write(next, before, { now: this.d.ctx.now(), changed, onRollback: (u) => void undo.push(u) });
        this.d.events.write('Info', sectionTexts.saved(section.title, user), user);
        if (changes.length > 0) this.d.events.write('Info', sectionTexts.changed(section.title, changes.join('; ')), user);
      })();
    } catch (err) {
      // The database rolled back; the backend's caches go back with it, last change first.
      for (const u of undo.reverse()) u();
      log('error', `${section.key} not saved for ${user}, nothing changed: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
    const revision = this.revisionOf(backend.read());
    log('info', `${section.key} saved by ${user}: ${changed ? `${changes.length} change(s), applied` : 'no change'}`);
    if (changes.length > 0 && log.debugOn()) log('debug', `${section.key} changes: ${changes.join('; ')} (revision ${revision})`);
    return { changed, revision };
  }

  private backend(section: AnySection): SectionBackend {
    let backend = this.backends.get(section);
    if (!backend) {
      if (!section.defaults) throw new Error(`section ${section.key} has no backend`);
      backend = kvSectionBackend(this.d.ctx.kv, section);
      this.backends.set(section, backend);
    }
    return backend;
  }

  private contextOf(section: AnySection): SectionContexts[SectionContextKind] {
    if (section.context === 'none') return DEFAULT_SECTION_CONTEXTS.none;
    const provide = this.d.contexts[section.context];
    if (!provide) throw new Error(`no ${section.context} context for section ${section.key}`);
    return provide();
  }

  private revisionOf(doc: SectionDoc): string {
    return this.revisions.of(doc);
  }
}

/** A top-level key's own label, else the backend's name for a row or group, else the key. */
function keyLabel(schema: z.ZodType, backend: SectionBackend, key: string): string {
  const child = shapeOf(schema)?.[key];
  const own = child ? metaOf(child)?.label : undefined;
  return own || backend.keyLabel?.(key) || key;
}
