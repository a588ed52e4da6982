/**
 * A real HTTPS server for the API and the e2e tests (test-peers/: the peers both kinds of test
 * start) on a loopback port, its CA and certificate made with openssl (tls-files.ts): it records
 * every request (path, headers, body) and answers as told: 200, a status, or nothing at all (a
 * server that hangs), with a JSON body ('{}' unless `reply` makes one).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTlsFiles, type TlsFiles } from './tls-files.ts';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpsPeer {
  tls: TlsFiles;
  port: number;
  received: Received[];
  /** What the next requests get: a status, or 'hang' (read the body, never answer). */
  answer: number | 'hang' | ((r: Received) => number);
  /** The body of a 2xx answer. */
  reply?: (r: Received) => unknown;
  listen(port?: number): Promise<number>;
  close(): Promise<void>;
}

export function startHttpsPeer(dir: string): HttpsPeer {
  const tls = makeTlsFiles(dir);
  const sockets = new Set<Socket>();
  const peer: HttpsPeer = {
    tls,
    port: 0,
    received: [],
    answer: 200,
    listen: (port = 0) =>
      new Promise<number>((resolve) =>
        server.listen(port, '127.0.0.1', () => {
          peer.port = (server.address() as AddressInfo).port;
          resolve(peer.port);
        }),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createHttpsServer({ cert: readFileSync(tls.serverCert), key: readFileSync(tls.serverKey) }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      const answer = typeof peer.answer === 'function' ? peer.answer(r) : peer.answer;
      if (answer === 'hang') return;
      peer.received.push(r);
      const body = answer >= 200 && answer < 300 && peer.reply ? peer.reply(r) : {};
      res.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return peer;
}

/** A peer listening at once on a folder of its own, which `close` removes; 2xx bodies from `reply`. */
export async function startListeningHttpsPeer(reply?: (r: Received) => unknown): Promise<HttpsPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'https-peer-'));
  const peer = startHttpsPeer(dir);
  peer.reply = reply;
  const close = peer.close;
  peer.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  await peer.listen();
  return peer;
}
