/**
 * Loopback ports for the module and the peers a test starts: shared by the API tests, e2e and the
 * bench, which all start modules as child processes.
 */
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * Loopback ports nobody listens on now, all different: each is held until all are picked. A module
 * given port 0 for a protocol would bind it before its web server and could be handed the very port
 * just picked for the web server (the kernel gives a freed port out again); so every port the
 * module binds is picked here.
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (srv) =>
          new Promise<number>((resolve, reject) => {
            srv.on('error', reject);
            srv.listen(0, '127.0.0.1', () => {
              const addr = srv.address();
              resolve(typeof addr === 'object' && addr ? addr.port : 0);
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((srv) => new Promise((r) => (srv.listening ? srv.close(r) : r(undefined)))));
  }
}

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** A UDP port free on 127.0.0.1 now, for the peers that can not be given port 0 (chronyd, an SNMP or BACnet client). */
export async function freeUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', () => resolve()));
  const { port } = s.address();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
