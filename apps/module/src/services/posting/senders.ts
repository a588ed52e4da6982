/**
 * The three ways a file leaves the module (002 §3.6): HTTP(S) POST, FTP upload, SFTP upload. Each
 * resolves only once the server has accepted the whole file (a 2xx answer; the final rename of a
 * `.part` upload), so a file is marked sent only then.
 */
import { FTP_DIRECTORY, HTTP_AUTH_BASIC, postingTexts as t, type PostChannelConfig } from '@meter/contract';
import type * as BasicFtp from 'basic-ftp';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import type * as Ssh2 from 'ssh2';
import type { SFTPWrapper } from 'ssh2';
import { lazyRequire } from '../../lazy-require.ts';
import { PostError, targetOf } from './post-error.ts';
import { noGuard, pinnedLookup, type OutboundGuard } from '../outbound/outbound-guard.ts';

const ftp = lazyRequire<typeof BasicFtp>('basic-ftp');
const ssh = lazyRequire<typeof Ssh2>('ssh2');

export interface OutgoingFile {
  /** The name the server gets. */
  name: string;
  content: Buffer;
  contentType: string;
}

export interface SendOptions {
  timeoutMs: number;
  /** The device's MAC address: the FTP directory of option 0. */
  mac: string;
  /** Roots an HTTPS server's certificate may chain to: the system's plus MODULE_TRUSTED_CA (undefined: the system's). */
  ca?: string[];
  /** Refuses the module's own listeners before connecting (outbound-guard.ts); none in a client's unit test. */
  guard?: OutboundGuard;
}

export interface Target {
  host: string;
  port: number;
  /** The directory or path the address names ('' for none). */
  path: string;
}

/** host, port (the field's unless 0, then the address's or the scheme's) and path of an address. */
export function targetFrom(address: string, port: number, defaultPort: number): Target {
  const url = new URL(address);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return { host, port: port > 0 ? port : url.port ? Number(url.port) : defaultPort, path: decodeURIComponent(url.pathname) };
}

/** The posted body: with the file's header line, the sample header in its place, or none. */
function httpBody(cfg: PostChannelConfig, file: OutgoingFile): Buffer {
  const info = cfg.postChannelInfo;
  if (file.contentType !== 'text/csv') return file.content;
  const text = file.content.toString('utf8');
  const nl = text.indexOf('\n');
  const rows = nl < 0 ? '' : text.slice(nl + 1);
  if (!info.includeHeader) return Buffer.from(rows);
  return info.sampleHeader ? Buffer.from(`${info.sampleHeader}\n${rows}`) : file.content;
}

export function sendHttp(cfg: PostChannelConfig, file: OutgoingFile, opts: SendOptions): Promise<string> {
  const info = cfg.postChannelInfo;
  const url = new URL(info.HTTPAddress);
  const ext = posix.extname(file.name);
  const name = info.isFixed && info.manualInputName ? `${info.manualInputName}${ext}` : file.name;
  url.searchParams.set('meterId', info.HTTPMeterId);
  url.searchParams.set('fileName', name);
  const headers: Record<string, string> = {
    'content-type': `${file.contentType}; charset=utf-8`,
    'content-disposition': `attachment; filename="${name}"`,
    'x-meter-id': info.HTTPMeterId,
  };
  if (info.HTTPAuthenticationMethod === HTTP_AUTH_BASIC) headers.authorization = `Basic ${Buffer.from(`${info.username}:${info.password}`).toString('base64')}`;
  return httpPost(url, info.HTTPPort, headers, httpBody(cfg, file), opts, t.authFailed);
}

/**
 * POSTs a body and resolves with host:port once the server answered 2xx; 401/403 is named by
 * `refused`, another status by its number. HTTPS checks the server's certificate against the
 * system's roots (plus MODULE_TRUSTED_CA).
 */
export function httpPost(url: URL, port: number, headers: Record<string, string>, body: Buffer, opts: SendOptions, refused: (where: string) => string): Promise<string> {
  return httpPostReply(url, port, headers, body, opts, refused).then((r) => r.where);
}

/** Replies larger than this are cut: a server's answer is a few fields, never a download. */
const MAX_REPLY_BYTES = 64 * 1024;

/** As httpPost, and also resolves the reply's body (the remote access server's tunnel offer). */
export async function httpPostReply(
  url: URL,
  port: number,
  headers: Record<string, string>,
  body: Buffer,
  opts: SendOptions,
  refused: (where: string) => string,
): Promise<{ where: string; body: string }> {
  const https = url.protocol === 'https:';
  const target = targetFrom(url.href, port, https ? 443 : 80);
  url.port = String(target.port);
  const where = targetOf(target.host, target.port);
  const address = await (opts.guard ?? noGuard)(target.host, target.port);
  return new Promise((resolve, reject) => {
    const options = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      timeout: opts.timeoutMs,
      agent: false as const,
      ...pinnedLookup(target.host, address),
    };
    const onResponse = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_REPLY_BYTES) chunks.push(c);
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ where, body: Buffer.concat(chunks).toString() });
        else if (status === 401 || status === 403) reject(new PostError(refused(where)));
        else reject(new PostError(t.httpStatus(where, status)));
      });
    };
    const req = https ? httpsRequest(url, { ...options, ...(opts.ca ? { ca: opts.ca } : {}) }, onResponse) : httpRequest(url, options, onResponse);
    // The timeout is the socket's idle time: a server that accepts and never answers is given up on.
    req.on('timeout', () => req.destroy(new PostError(t.timedOut(where, opts.timeoutMs / 1000))));
    req.on('error', reject);
    req.end(body);
  });
}

export async function sendFtp(cfg: PostChannelConfig, file: OutgoingFile, opts: SendOptions): Promise<string> {
  const info = cfg.postChannelInfo;
  const target = targetFrom(info.FTPAddress, info.FTPPort, 21);
  const address = await (opts.guard ?? noGuard)(target.host, target.port);
  const client = new ftp.Client(opts.timeoutMs);
  try {
    await client.access({ host: address, port: target.port, user: info.FTPUsername, password: info.FTPPassword });
    if (target.path && target.path !== '/') await client.ensureDir(target.path);
    const dir = info.directoryOption === FTP_DIRECTORY.mac ? opts.mac.replace(/:/g, '') : info.directoryOption === FTP_DIRECTORY.custom ? info.directoryName : '';
    if (dir) await client.ensureDir(dir);
    // Under a temporary name first: a reader never sees half a file, and the rename is the server's acceptance.
    const part = `${file.name}.part`;
    await client.uploadFrom(Readable.from(file.content), part);
    await client.rename(part, file.name);
    return targetOf(target.host, target.port);
  } finally {
    client.close();
  }
}

function sftpCall<T>(fn: (cb: (err: Error | null | undefined, v?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => fn((err, v) => (err ? reject(err) : resolve(v as T))));
}

export async function sendSftp(cfg: PostChannelConfig, file: OutgoingFile, opts: SendOptions): Promise<string> {
  const info = cfg.postChannelInfo;
  const target = targetFrom(info.SFTPAddress, info.SFTPPort, 22);
  const where = targetOf(target.host, target.port);
  const address = await (opts.guard ?? noGuard)(target.host, target.port);
  const conn = new ssh.Client();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      conn.end();
      reject(new PostError(t.timedOut(where, opts.timeoutMs / 1000)));
    }, opts.timeoutMs);
    const fail = (err: unknown) => {
      clearTimeout(timer);
      conn.end();
      reject(err);
    };
    conn.on('error', fail);
    conn.on('ready', () => {
      conn.sftp((err, sftp) => {
        if (err) return fail(err);
        upload(sftp, target.path, file).then(() => {
          clearTimeout(timer);
          conn.end();
          resolve(where);
        }, fail);
      });
    });
    conn.connect({
      host: address,
      port: target.port,
      username: info.SFTPUsername,
      password: info.SFTPPassword,
      readyTimeout: opts.timeoutMs,
      tryKeyboard: false,
    });
  });
}

async function upload(sftp: SFTPWrapper, dir: string, file: OutgoingFile): Promise<void> {
  const base = dir && dir !== '/' ? dir.replace(/\/+$/, '') : '.';
  const final = posix.join(base, file.name);
  const part = `${final}.part`;
  await sftpCall<void>((cb) => sftp.writeFile(part, file.content, cb));
  // SFTP v3 rename refuses an existing target: a file sent again (after a crash) replaces the first copy.
  await sftpCall<void>((cb) => sftp.unlink(final, () => cb(null)));
  await sftpCall<void>((cb) => sftp.rename(part, final, cb));
}
