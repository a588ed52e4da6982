/**
 * A real HTTPS server for the e2e tests on a loopback port: a CA and a certificate for 127.0.0.1
 * made here with openssl (the module trusts the CA through MODULE_TRUSTED_CA); it records each
 * request's path, headers and body and answers 200, with '{}' or what `reply` makes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HttpsPeer {
  ca: string;
  port: number;
  received: { path: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

type Received = HttpsPeer['received'][number];

export async function startHttpsPeer(reply: (r: Received) => unknown = () => ({})): Promise<HttpsPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-https-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=E2E CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext');
  const received: HttpsPeer['received'] = [];
  const sockets = new Set<Socket>();
  const server = createServer({ cert: readFileSync(join(dir, 'server.crt')), key: readFileSync(join(dir, 'server.key')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      received.push(r);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply(r)));
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    ca: join(dir, 'ca.crt'),
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          r();
        });
      }),
  };
}
