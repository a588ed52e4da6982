/**
 * The trend thread runs below the event loop (src/thread-priority.ts): a thread that lowers itself
 * is SCHED_IDLE, as the kernel reports it, and the process's other threads keep their policy.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';

/** The scheduling policy of /proc/.../stat (field 41): 0 SCHED_OTHER, 5 SCHED_IDLE. */
const policyOf = (statPath: string) => Number(readFileSync(statPath, 'utf8').split(') ').pop()!.split(' ')[41 - 3]);

test('a thread that lowers itself is SCHED_IDLE; the event loop keeps SCHED_OTHER', async () => {
  const url = new URL('../src/thread-priority.ts', import.meta.url).href;
  const source = `
    const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url)}); })
      .then((m) => m.lowerThisThread())
      .then((got) => parentPort.postMessage({ got, tid: Number(readlinkSync('/proc/thread-self').split('/').pop()) }));
    setTimeout(() => {}, 2000);`;
  const worker = new Worker(source, { eval: true });
  const { got, tid } = await new Promise<{ got: string; tid: number }>((resolve, reject) => worker.once('message', resolve).once('error', reject));
  try {
    assert.equal(got, 'idle');
    assert.equal(policyOf(`/proc/${process.pid}/task/${tid}/stat`), 5);
    assert.equal(policyOf(`/proc/${process.pid}/task/${process.pid}/stat`), 0);
  } finally {
    await worker.terminate();
  }
});
