/**
 * Debian's OpenSSH server as the remote access server's tunnel end, for the API and the e2e tests
 * (test-peers/: the peers both kinds of test start), on a loopback port, with its
 * own host key and an authorized_keys file the test (the register peer) writes. Remote forwards
 * only: no shell, no local forwards, no gateway ports, and the one listen port the test allows.
 * The same arguments as the module's own SSH server (services/maintenance/ssh-server.ts), plus the
 * forwarding limits. `kill` ends the sessions too, as a server that goes away does: sshd's
 * per-connection children start their own sessions (setsid) and outlive a killed listener.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-ports.ts';
import { until } from './until.ts';

const run = promisify(execFile);

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** The process and all its descendants, from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fields after the command's closing parenthesis: state, then ppid.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // Ended meanwhile.
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i]!) ?? []));
  return all;
}

export interface SshdPeer {
  port: number;
  user: string;
  /** The host key as a known_hosts line has it: '<type> <base64>'. */
  hostKey: string;
  /** The remote port the device may bind, and only that one. */
  remotePort: number;
  /** Writes the device's key as the server would: restricted to forwarding its own remote port. */
  authorize(publicKey: string): void;
  start(): Promise<void>;
  /** SIGKILL to sshd and every session. */
  kill(): Promise<void>;
}

export async function startSshdPeer(dir: string): Promise<SshdPeer> {
  mkdirSync(dir, { recursive: true });
  const hostKeyFile = join(dir, 'ssh_host_ed25519_key');
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'remote-server', '-f', hostKeyFile]);
  const authorizedKeys = join(dir, 'authorized_keys');
  writeFileSync(authorizedKeys, '');
  // sshd started by root checks for its privilege separation folder, which a container may lack.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  let child: ChildProcess | undefined;
  const peer: SshdPeer = {
    port: await freePort(),
    user: userInfo().username,
    hostKey: readFileSync(`${hostKeyFile}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' '),
    remotePort: await freePort(),
    authorize: (publicKey) => writeFileSync(authorizedKeys, `restrict,port-forwarding,permitlisten="${peer.remotePort}" ${publicKey}\n`),
    async start() {
      const o = (option: string) => ['-o', option];
      const args = [
        '-D',
        '-e',
        '-f',
        '/dev/null',
        '-h',
        hostKeyFile,
        '-p',
        String(peer.port),
        ...o('ListenAddress=127.0.0.1'),
        ...o('PidFile=none'),
        ...o(`AuthorizedKeysFile=${authorizedKeys}`),
        ...o('PasswordAuthentication=no'),
        ...o('KbdInteractiveAuthentication=no'),
        ...o('UsePAM=no'),
        ...o('StrictModes=no'),
        ...o('PermitRootLogin=prohibit-password'),
        ...o(`AllowUsers=${peer.user}`),
        ...o('AllowTcpForwarding=remote'),
        ...o('GatewayPorts=no'),
        ...o('PermitOpen=none'),
        ...o(`PermitListen=${peer.remotePort}`),
        ...o('X11Forwarding=no'),
        ...o('AllowAgentForwarding=no'),
        ...o('PermitTTY=no'),
      ];
      const started = spawn('/usr/sbin/sshd', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      child = started;
      let stderr = '';
      started.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      const listening = async () => {
        if (await portOpen(peer.port)) return true;
        if (started.exitCode !== null) throw new Error(`sshd exited with ${started.exitCode}`);
        return false;
      };
      await until('sshd to listen', listening, 10_000, 50).catch((e: Error) => {
        throw new Error(`sshd did not start (${e.message}): ${stderr}`);
      });
    },
    async kill() {
      const c = child;
      child = undefined;
      if (!c?.pid || c.exitCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      for (const pid of descendants(c.pid)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended meanwhile.
        }
      }
      await exited;
    },
  };
  await peer.start();
  return peer;
}
