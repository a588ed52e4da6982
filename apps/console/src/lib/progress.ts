/**
 * Progress of a long task shown in the toast area (issue 28): a screen whose own progress has
 * scrolled out of view puts it here, so it stays in view; one item per task key.
 */
import { createStore } from './store.ts';

export interface ProgressItem {
  key: string;
  /** What is in progress, as its screen names it. */
  label: string;
  /** 0 to 100. */
  percent: number;
}

export const progressStore = createStore<ProgressItem[]>([]);

export function showProgress(item: ProgressItem): void {
  progressStore.set((list) => {
    const old = list.find((p) => p.key === item.key);
    if (!old) return [...list, item];
    return old.label === item.label && old.percent === item.percent ? list : list.map((p) => (p === old ? item : p));
  });
}

export function clearProgress(key: string): void {
  progressStore.set((list) => (list.some((p) => p.key === key) ? list.filter((p) => p.key !== key) : list));
}
