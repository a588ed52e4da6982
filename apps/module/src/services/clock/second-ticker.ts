/**
 * The module's once-a-second heartbeat: whatever integrates or records over time (energy and
 * demand registers, data loggers, the trend store) subscribes here instead of keeping a timer of
 * its own. Tests drive it by hand with `tickAt(ms)`.
 */
export type TickListener = (nowMs: number) => void;

export class SecondTicker {
  private readonly listeners: TickListener[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number) {}

  /** Listeners run in subscription order; one that throws does not stop the others. */
  subscribe(listener: TickListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Runs every listener now, in order (tests drive time with this). */
  tickAt(nowMs: number): void {
    for (const l of [...this.listeners]) run(l, nowMs);
  }

  /**
   * Ticks on the wall-clock second boundary, so samples line up with whole seconds. Each listener
   * gets its own turn of the event loop: requests that arrive meanwhile are answered between
   * listeners, so a poll waits for one listener's periodic work at most, never for all of it.
   */
  start(): void {
    if (this.timer) return;
    const schedule = () => {
      const now = this.now();
      this.timer = setTimeout(
        () => {
          const at = Math.floor(this.now() / 1000) * 1000;
          const queue = [...this.listeners];
          const next = () => {
            const l = queue.shift();
            if (!l) return;
            run(l, at);
            setImmediate(next);
          };
          next();
          if (this.timer) schedule();
        },
        1000 - (now % 1000),
      );
      this.timer.unref();
    };
    schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function run(listener: TickListener, nowMs: number): void {
  try {
    listener(nowMs);
  } catch (err) {
    console.error('tick listener failed:', err instanceof Error ? err.message : err);
  }
}
