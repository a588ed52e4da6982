/** A real FTP server for the tests: Debian's pyftpdlib on a free loopback port, one user with write access. */
import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from '../../../../test-peers/free-ports.ts';
import { until } from '../../../../test-peers/until.ts';

export interface FtpPeer {
  port: number;
  close(): Promise<void>;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const sock = new Socket();
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
    sock.connect(port, '127.0.0.1');
  });

export async function startFtpPeer(root: string, user: string, password: string): Promise<FtpPeer> {
  const port = await freePort();
  const child: ChildProcess = spawn('/usr/bin/python3', ['-m', 'pyftpdlib', '-i', '127.0.0.1', '-p', String(port), '-w', '-d', root, '-u', user, '-P', password], { stdio: 'ignore' });
  await until(`pyftpdlib to listen on ${port}`, () => canConnect(port), 5000, 50);
  return {
    port,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
