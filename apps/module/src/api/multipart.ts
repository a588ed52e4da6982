/**
 * The uploads of 000 §7 are multipart/form-data with one field named `file`. The files the module
 * takes are small (a whitelist, a certificate), so the body is buffered (Fastify's body limit
 * applies) and the one part is cut out here; a plugin that takes uploads registers the parser
 * for itself (content-type parsers are encapsulated).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/** The part named `field` of a multipart body, or undefined. */
export function multipartFile(body: Buffer, contentType: string, field = 'file'): UploadedFile | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return undefined;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF that ends the part
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd >= 0) {
      const head = part.subarray(0, headEnd).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
      if (new RegExp(`[; ]name="${field}"`, 'i').test(disposition)) {
        return { fileName: /filename="([^"]*)"/i.exec(disposition)?.[1] ?? field, data: part.subarray(headEnd + 4) };
      }
    }
    at = next;
  }
  return undefined;
}

export interface UploadOptions {
  /** A larger limit than the module's default body limit, for this plugin's uploads (firmware packages). */
  bodyLimit?: number;
}

/** Lets the plugin's routes take a multipart upload: the body handed on is the uploaded file. */
export function acceptUploads(app: FastifyInstance, noFile: string, options: UploadOptions = {}): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }) }, (req, body, done) => {
    const file = multipartFile(body as Buffer, String(req.headers['content-type'] ?? ''));
    if (!file) return done(badRequest(noFile), undefined);
    done(null, file);
  });
}
