/** 000 §4 reboot: request, 'Module will restart in' countdown, then Login with the reboot parameter. */
import { TIMING, requestMessages, shellTexts } from '@meter/contract';
import { showAlert } from './alerts.ts';
import { ApiError } from './api.ts';
import { callNamed } from './endpoint-table.ts';
import { LOGIN_PATH, REBOOT_PARAM, navigateTo } from './navigation.ts';
import { rebootStore } from './reboot-state.ts';
import { StatusTimer } from './status-timer.ts';

const countdown = new StatusTimer();

export function startRebootCountdown(seconds: number = TIMING.rebootCountdownSeconds, message: string = shellTexts.moduleWillRestartIn): void {
  rebootStore.set({ phase: 'countdown', since: Date.now() });
  showAlert({ type: 'success', message, time: seconds, countdown: true });
  // A new countdown replaces the running one (a second reboot request).
  countdown.clearTimeout();
  countdown.setTimeout(() => navigateTo(`${LOGIN_PATH}?${REBOOT_PARAM}=1`), seconds * 1000);
}

/** Asks the module to reboot; true when it accepted. A refusal shows the module's own words. */
export async function requestReboot(): Promise<boolean> {
  try {
    await callNamed('rebootSystem', { body: { value: 1 }, suppress: true });
  } catch (e) {
    if (e instanceof ApiError && !e.aborted && e.status !== 401) showAlert({ type: 'danger', message: e.value ?? requestMessages.network });
    return false;
  }
  startRebootCountdown();
  return true;
}
