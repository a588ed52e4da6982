/** The worker files' side of the thread (services/trends/query-worker.ts, the record PDF, the OpenAPI document). */
import { parentPort, type MessagePort } from 'node:worker_threads';

/** The port to the thread that started this worker: a worker file run on the main thread has none. */
export function workerPort(): MessagePort {
  if (!parentPort) throw new Error('this file runs as a worker thread');
  return parentPort;
}
