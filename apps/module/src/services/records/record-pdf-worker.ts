/** Renders one record PDF off the event loop: gets {record, header}, posts the bytes back. */
import { workerData } from 'node:worker_threads';
import type { RecordDocument } from '@meter/contract';
import { workerPort } from '../../worker-port.ts';
import { renderRecordPdf, type PdfHeader } from './record-pdf.ts';

const { record, header } = workerData as { record: RecordDocument; header: PdfHeader };
const pdf = await renderRecordPdf(record, header);
workerPort().postMessage(pdf, [pdf.buffer as ArrayBuffer]);
