/**
 * Pages report unsaved changes here (000 §4 "when a page reports unsaved changes"). One guard in
 * the layout asks them all, because a router allows a single blocker and a page may hold several
 * forms (002 §1: edits are saved per section).
 */
import { LOGIN_PATH } from './navigation.ts';

const checks = new Set<() => boolean>();

/** Adds a form's "have I changes?" question; returns the function that takes it away. */
export function registerDirtyCheck(check: () => boolean): () => void {
  checks.add(check);
  return () => void checks.delete(check);
}

export const hasUnsavedChanges = (): boolean => [...checks].some((check) => check());

/** Leaving is blocked with changes, except to Login: a 401, Logout and an ended session must get through. */
export const shouldBlockLeaving = (from: string, to: string): boolean => to !== LOGIN_PATH && to !== from && hasUnsavedChanges();
