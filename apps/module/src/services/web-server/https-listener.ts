/**
 * The module's HTTPS listener: the same Fastify routes as the HTTP one, over TLS with the device
 * certificate read at start (a new certificate is served after the next reboot). A port that can
 * not be bound is written to the module event log and the module keeps serving what it could bind.
 */
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { CertificateStore } from '../certificates/certificate-store.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { TLS_OPTIONS } from '../certificates/certificate-policy.ts';

export interface HttpsOptions {
  port: number;
  host: string;
  certificate: CertificateStore;
  events: ModuleEventLog;
  /** The whitelist's question for each connection. */
  allows: (address: string | undefined) => boolean;
}

export interface HttpsListener {
  /** The bound port, or undefined when it could not be bound. */
  port: number | undefined;
  close(): Promise<void>;
}

/**
 * A port the module cannot bind goes to the event log and to standard error: whoever started the
 * module (a service manager, a test harness) sees at once why nothing answers there.
 */
function bindFailed(events: ModuleEventLog, what: string, port: number, err: unknown): void {
  const message = `${what} port ${port} cannot be bound: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  events.write('Error', message);
  console.error(`module: ${message}; the module goes on without it`);
}

/** The HTTP listener (Fastify's own server): a port that cannot be bound is logged, the module goes on. */
export async function listenHttp(app: FastifyInstance, o: { port: number; host: string; events: ModuleEventLog }): Promise<number | undefined> {
  try {
    await app.listen({ port: o.port, host: o.host });
    return (app.server.address() as AddressInfo).port;
  } catch (err) {
    bindFailed(o.events, 'HTTP', o.port, err);
    // Fastify is ready even though its server is not listening: the HTTPS listener can still route.
    return undefined;
  }
}

export async function listenHttps(app: FastifyInstance, o: HttpsOptions): Promise<HttpsListener> {
  const { cert, key } = o.certificate.served();
  const server: Server = createServer({ cert, key, ...TLS_OPTIONS }, (req, res) => app.routing(req, res));
  server.on('connection', (socket) => {
    if (!o.allows((socket as Socket).remoteAddress)) socket.destroy();
  });
  // A failed handshake is the client's affair; it must not reach the process.
  server.on('tlsClientError', () => undefined);
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive connections would hold the reboot up.
      server.closeAllConnections();
    });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.port, o.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    bindFailed(o.events, 'HTTPS', o.port, err);
    return { port: undefined, close: async () => undefined };
  }
  return { port: (server.address() as AddressInfo).port, close };
}
