/**
 * Runs record-pdf in a worker thread: laying out a record with pdfkit takes 80 to 350 ms of CPU
 * on the device (measured, docs/decisions/records-installation-and-inspection.md), which would stall every other request on the
 * event loop. A record PDF is rare, so each gets its own short-lived worker.
 */
import type { RecordDocument } from '@meter/contract';
import { Worker } from 'node:worker_threads';
import type { PdfHeader } from './record-pdf.ts';

const TIMEOUT_MS = 30_000;

// From source (tsx) the worker is the .ts beside this file; the bundle ships it as a sibling .mjs.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = fromSource ? new URL('./record-pdf-worker.ts', import.meta.url) : new URL('./record-pdf-worker.mjs', import.meta.url);

export function renderRecordPdfOffThread(record: RecordDocument, header: PdfHeader): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = fromSource
      ? // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript worker.
        new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, {
          eval: true,
          workerData: { record, header },
        })
      : new Worker(WORKER_URL, { workerData: { record, header } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('record PDF timed out'));
    }, TIMEOUT_MS);
    worker.once('message', (bytes: Uint8Array) => {
      clearTimeout(timer);
      resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      void worker.terminate();
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`record PDF worker exited with ${code}`));
    });
  });
}
