/** Firmware uploads as the console sends them (002 §7.4: multipart, one field `file`) and the update run after them. */
import assert from 'node:assert/strict';
import type { TestModule } from './helper.ts';
import { until } from '../../../test-peers/until.ts';

/** A multipart/form-data body with one file part (the field name may be wrong on purpose). */
export function multipartBody(data: Buffer, { field = 'file', fileName = 'firmware.a2up' } = {}): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----meterfw${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type FirmwareKind = 'module' | 'meter';
const CALLS = {
  module: { upload: '/api/upload/local/moduleFirmware', start: '/api/fwUpdate/update', info: '/api/fwUpdate/info' },
  meter: { upload: '/api/upload/local/meterFirmware', start: '/api/meterUpdate/update', info: '/api/meterUpdate/info' },
} as const;

export function uploadFirmware(m: TestModule, kind: FirmwareKind, file: Buffer, token: string, opts: { allowDowngrade?: boolean; field?: string; fileName?: string } = {}) {
  const { body, headers } = multipartBody(file, opts);
  const query = opts.allowDowngrade ? '?allowDowngrade=true' : '';
  return m.call('POST', `${CALLS[kind].upload}${query}`, { token, body, headers });
}

export async function updateLog(m: TestModule, kind: FirmwareKind, token: string): Promise<string> {
  return (await m.call('GET', CALLS[kind].info, { token })).body.data.output as string;
}

/** Starts processing what was uploaded and waits for the log's END OF FILE. */
export async function processUpdate(m: TestModule, kind: FirmwareKind, token: string): Promise<string> {
  const r = await m.call('PATCH', CALLS[kind].start, { token, body: {} });
  assert.equal(r.status, 200, r.raw);
  let log = '';
  await until('the end of the update log', async () => (log = await updateLog(m, kind, token)).trimEnd().endsWith('END OF FILE'));
  return log;
}
