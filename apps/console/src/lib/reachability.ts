/**
 * Whether the module answers at all (issue 14, "module unreachable — reconnecting"). A call that
 * gets no response marks it unreachable; any HTTP answer, a 4xx included, marks it reachable: a
 * refusal is the server speaking. Kept outside React, the request helper sets it.
 */
import { createStore } from './store.ts';

export const reachabilityStore = createStore<{ unreachable: boolean }>({ unreachable: false });

export function noteAnswer(): void {
  if (reachabilityStore.get().unreachable) reachabilityStore.set({ unreachable: false });
}

export function noteNoResponse(): void {
  if (!reachabilityStore.get().unreachable) reachabilityStore.set({ unreachable: true });
}
