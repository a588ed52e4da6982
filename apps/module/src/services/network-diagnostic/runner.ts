/**
 * Runs diagnostic tools for one caller: each step a program with an argument list (spawn without
 * a shell, so no input is ever read by one), the output kept for the poll, one run at a time per
 * key, every run stopped at its time limit.
 */
import { spawn } from 'node:child_process';

export interface ToolStep {
  file: string;
  args: readonly string[];
}

interface Run {
  running: boolean;
  output: string;
  stop?: () => void;
}

/** The output a poll can fetch is capped: traceroute to nowhere must not fill the memory. */
export const OUTPUT_LIMIT = 64 * 1024;

export class ToolRuns {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly limitMs: number) {}

  running(key: string): boolean {
    return this.runs.get(key)?.running ?? false;
  }

  output(key: string): { running: boolean; output: string } {
    const r = this.runs.get(key);
    return { running: r?.running ?? false, output: r?.output ?? '' };
  }

  /** Starts the steps one after another; the caller has checked nothing runs under the key. */
  start(key: string, steps: readonly ToolStep[], stoppedText: (seconds: number) => string): void {
    const run: Run = { running: true, output: '' };
    this.runs.set(key, run);
    const append = (s: string) => {
      if (run.output.length < OUTPUT_LIMIT) run.output = (run.output + s).slice(0, OUTPUT_LIMIT);
    };
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      run.stop?.();
    }, this.limitMs);
    void (async () => {
      for (const step of steps) {
        if (stopped) break;
        append(`$ ${step.file} ${step.args.join(' ')}\n`);
        await new Promise<void>((resolve) => {
          const child = spawn(step.file, step.args, { shell: false, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' } });
          run.stop = () => child.kill('SIGKILL');
          child.stdout.on('data', (d: Buffer) => append(d.toString()));
          child.stderr.on('data', (d: Buffer) => append(d.toString()));
          child.once('error', (e) => (append(`${e.message}\n`), resolve()));
          child.once('close', () => resolve());
        });
        append('\n');
      }
      clearTimeout(timer);
      if (stopped) append(`${stoppedText(Math.round(this.limitMs / 1000))}\n`);
      run.running = false;
      run.stop = undefined;
    })();
  }

  stopAll(): void {
    for (const r of this.runs.values()) r.stop?.();
  }
}
