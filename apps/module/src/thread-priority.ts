/**
 * Background threads (trend queries and exports) run below the event loop: on a busy device a
 * chart waits, the polls do not.
 *
 * Linux's scheduler (EEVDF since 6.6) lets a waking thread preempt a running one only when its
 * deadline is earlier, and a nice-10 thread still holds its core for a slice when the event loop
 * wakes: the loop waited up to 20 ms for a core beside a chart thread at 2 cores. A SCHED_IDLE
 * thread is preempted by any normal thread at once and gets only what is left of the cores.
 * `chrt` (util-linux, on every Debian) sets it on the calling thread's id, with an argument list;
 * without chrt (or off Linux) the thread keeps nice 10.
 */
import { execFile } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Lowers the calling thread; resolves with the policy it got. */
export function lowerThisThread(): Promise<'idle' | 'nice' | 'unchanged'> {
  let tid: number;
  try {
    // Linux takes a thread id where it takes a process id.
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, 10);
  } catch {
    return Promise.resolve('unchanged');
  }
  return new Promise((resolve) => execFile('chrt', ['--idle', '--pid', '0', String(tid)], (err) => resolve(err ? 'nice' : 'idle')));
}
