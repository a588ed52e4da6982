/**
 * A full disk (docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Full disk"): SQLite answers SQLITE_FULL when a write needs a
 * page it cannot get. Writes that a request can do without (audit entries, a last-login time)
 * are tried on their own and given up; a save that cannot be kept answers 507. A file the module
 * writes (an export, a backup, a certificate) fails with ENOSPC or EDQUOT on a full disk: the same
 * 507, and the writers go through a temporary file so the previous file stays as it was.
 */
import type { Db } from './db.ts';

/** Codes of a full disk: SQLite's, and the file system's (no space, quota exceeded) for the files the module writes. */
const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

export function isStorageFull(err: unknown): boolean {
  return typeof err === 'object' && err !== null && FULL_CODES.has(String((err as { code?: unknown }).code));
}

/**
 * Runs writes all or nothing in a transaction of their own. Whether they were kept: false on a
 * full disk; any other failure is thrown.
 */
export function tryWrite(db: Db, write: () => void): boolean {
  // Inside another write's transaction a full disk undoes all of it (SQLite rolls the whole
  // transaction back): the failure is that write's, and goes up to answer 507.
  if (db.inTransaction) {
    write();
    return true;
  }
  try {
    db.transaction(write)();
    return true;
  } catch (err) {
    if (isStorageFull(err)) return false;
    throw err;
  }
}
