/**
 * The status timers of 000 §8 ("Internal"): one interval and one timeout per timer, and setting
 * either again before it is cleared raises 'Interval Not Cleared' or 'Timeout Not Cleared'. A
 * second countdown or poll started over a running one is a bug, never silently doubled.
 */
import { shellTexts } from '@meter/contract';

export class StatusTimer {
  private interval: ReturnType<typeof setInterval> | undefined;
  private timeout: ReturnType<typeof setTimeout> | undefined;

  setInterval(run: () => void, ms: number): void {
    if (this.interval !== undefined) throw new Error(shellTexts.intervalNotCleared);
    this.interval = setInterval(run, ms);
  }

  clearInterval(): void {
    if (this.interval !== undefined) clearInterval(this.interval);
    this.interval = undefined;
  }

  setTimeout(run: () => void, ms: number): void {
    if (this.timeout !== undefined) throw new Error(shellTexts.timeoutNotCleared);
    this.timeout = setTimeout(() => {
      this.timeout = undefined;
      run();
    }, ms);
  }

  clearTimeout(): void {
    if (this.timeout !== undefined) clearTimeout(this.timeout);
    this.timeout = undefined;
  }

  clear(): void {
    this.clearInterval();
    this.clearTimeout();
  }
}
