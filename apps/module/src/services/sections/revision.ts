/**
 * The revision of an edited object (a settings section, a user, a role, the general user
 * configuration): a keyed hash of its stored form, sent as ETag; a save naming another one in
 * If-Match is refused with 409 and the sections' text, so a save based on a stale copy loses
 * nobody's change. Keyed, so a revision cannot be used to guess a secret of a document whose
 * other fields a GET shows.
 */
import { sectionTexts } from '@meter/contract';
import { createHmac, randomBytes } from 'node:crypto';
import { conflict } from '../../errors.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { stableJson } from './document.ts';

const KV_REVISION_KEY = 'sections.revisionKey';

export class Revisions {
  private readonly key: Buffer;

  constructor(kv: KeyValueStore) {
    this.key = Buffer.from(
      kv.getOrInit(KV_REVISION_KEY, () => randomBytes(32).toString('base64')),
      'base64',
    );
  }

  of(doc: unknown): string {
    return createHmac('sha256', this.key).update(stableJson(doc)).digest('hex').slice(0, 16);
  }

  /** `ifRevision` (from If-Match; undefined: not sent, or '*') must name the stored object's revision. */
  check(doc: unknown, ifRevision: readonly string[] | undefined): void {
    if (ifRevision && !ifRevision.includes(this.of(doc))) throw conflict(sectionTexts.conflict);
  }
}
