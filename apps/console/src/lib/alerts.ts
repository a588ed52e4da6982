/**
 * The global alert strip (000 §3 "Alert item", §4 "Alerts"). One slot for ordinary alerts and one
 * per static alert, each with its own countdown; a slot's timer is cleared before a new one is set.
 */
import { TIMING, requestMessages, type AlertType } from '@meter/contract';
import { createStore } from './store.ts';

export type StaticAlertKind = 'unauthorized' | 'network' | 'webServerDown';
export type AlertSlot = 'main' | StaticAlertKind;

export interface AlertItem {
  slot: AlertSlot;
  /** Changes with every new alert so the strip re-renders a fresh item. */
  id: number;
  type: AlertType;
  message: string;
  /** Show the remaining seconds next to the message. */
  countdown: boolean;
  remaining: number;
}

export interface AlertOptions {
  type: AlertType;
  message: string;
  /** Seconds on screen; 5 unless told. */
  time?: number;
  countdown?: boolean;
}

export const STATIC_ALERT_MESSAGES: Record<StaticAlertKind, string> = {
  unauthorized: requestMessages.unauthorized,
  network: requestMessages.network,
  webServerDown: requestMessages.webServerDown,
};

const SLOT_ORDER: readonly AlertSlot[] = ['unauthorized', 'network', 'webServerDown', 'main'];

export const alertStore = createStore<AlertItem[]>([]);
const timers = new Map<AlertSlot, ReturnType<typeof setInterval>>();
let nextId = 1;

function stopTimer(slot: AlertSlot) {
  const t = timers.get(slot);
  if (t !== undefined) clearInterval(t);
  timers.delete(slot);
}

function put(item: AlertItem) {
  alertStore.set((list) => {
    const rest = list.filter((a) => a.slot !== item.slot);
    return [...rest, item].sort((a, b) => SLOT_ORDER.indexOf(a.slot) - SLOT_ORDER.indexOf(b.slot));
  });
}

export function closeAlert(slot: AlertSlot): void {
  stopTimer(slot);
  alertStore.set((list) => list.filter((a) => a.slot !== slot));
}

function show(slot: AlertSlot, opts: AlertOptions) {
  stopTimer(slot);
  const time = opts.time ?? TIMING.alertSeconds;
  put({ slot, id: nextId++, type: opts.type, message: opts.message, countdown: opts.countdown ?? false, remaining: time });
  timers.set(
    slot,
    setInterval(() => {
      const item = alertStore.get().find((a) => a.slot === slot);
      if (!item || item.remaining <= 1) return closeAlert(slot);
      put({ ...item, remaining: item.remaining - 1 });
    }, 1000),
  );
}

export const showAlert = (opts: AlertOptions): void => show('main', opts);

export const showStaticAlert = (kind: StaticAlertKind): void => show(kind, { type: 'danger', message: STATIC_ALERT_MESSAGES[kind], time: TIMING.alertSeconds });

/**
 * A success clears the failures of the attempts before it (issue 28): a danger alert of the
 * ordinary slot and the unauthorised one must not outlive the sign-in or change that followed.
 */
export function clearFailureAlerts(): void {
  for (const a of alertStore.get()) if (a.slot === 'unauthorized' || (a.slot === 'main' && a.type === 'danger')) closeAlert(a.slot);
}
