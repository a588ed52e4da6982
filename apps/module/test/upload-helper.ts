/** A file upload as the console sends it (000 §7): multipart/form-data with one field named `file`. */
import type { TestModule } from './helper.ts';

export async function uploadFile(m: TestModule, url: string, token: string, fileName: string, data: string | Buffer, remoteAddress?: string) {
  const boundary = 'upload-boundary-5f3a';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await m.app.inject({
    method: 'POST',
    url,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, raw: res.body };
}
