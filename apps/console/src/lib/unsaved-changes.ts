/**
 * Pages report unsaved changes here (000 §4 "when a page reports unsaved changes"). One guard in
 * the layout asks them all, because a router allows a single blocker and a page may hold several
 * forms (002 §1: edits are saved per section).
 */
import { LOGIN_PATH } from './navigation.ts';

const checks = new Set<() => boolean>();
/** Operations that must not be left while they run (002 §4.10): each answers its message, or undefined when idle. */
const operations = new Set<() => string | undefined>();

/** Adds a form's "have I changes?" question; returns the function that takes it away. */
export function registerDirtyCheck(check: () => boolean): () => void {
  checks.add(check);
  return () => void checks.delete(check);
}

export const hasUnsavedChanges = (): boolean => [...checks].some((check) => check());

/** Leaving is blocked with changes, except to Login: a 401, Logout and an ended session must get through. */
export const shouldBlockLeaving = (from: string, to: string): boolean => to !== LOGIN_PATH && to !== from && hasUnsavedChanges();

/**
 * Adds a running operation's question (002 §4.10: a firmware update, an emergency export): while it
 * answers a message, leaving the page is refused with that message. Returns the remover.
 */
export function registerBusyOperation(check: () => string | undefined): () => void {
  operations.add(check);
  return () => void operations.delete(check);
}

/** The message of the first running operation that forbids leaving, or undefined. */
export const runningOperation = (): string | undefined => {
  for (const check of operations) {
    const message = check();
    if (message) return message;
  }
  return undefined;
};

/** Leaving is refused while an operation runs, except to Login, as for unsaved changes (an ended session must get through). */
export const shouldRefuseLeaving = (from: string, to: string): boolean => to !== LOGIN_PATH && to !== from && runningOperation() !== undefined;
