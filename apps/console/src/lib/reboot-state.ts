/**
 * The reboot state of 000 §4: 'countdown' while the alert counts down before going to Login,
 * 'waiting' on Login until the system mode answers again. The banner shows in both.
 */
import { createStore } from './store.ts';

export type RebootPhase = 'idle' | 'countdown' | 'waiting';
export interface RebootState {
  phase: RebootPhase;
  /** When waiting began: only a system-mode answer fetched after it ends the wait. */
  since: number;
}

export const rebootStore = createStore<RebootState>({ phase: 'idle', since: 0 });
export const isRebooting = () => rebootStore.get().phase !== 'idle';
export const startRebootWait = () => rebootStore.set({ phase: 'waiting', since: Date.now() });
export const endRebootWait = () => rebootStore.set({ phase: 'idle', since: 0 });
