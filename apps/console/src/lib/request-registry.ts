/** Pending requests, so a navigation can cancel them all at once (000 §7, 002 §4.10). */
const pending = new Set<AbortController>();

export function track(controller: AbortController): () => void {
  pending.add(controller);
  return () => pending.delete(controller);
}

export function cancelPendingRequests(): void {
  for (const c of pending) c.abort();
  pending.clear();
}
