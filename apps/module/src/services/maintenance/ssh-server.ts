/**
 * SSH (002 §2.11, §3.14 sshConfig): the module runs Debian's OpenSSH server while the setting is on.
 * sshd is started with an argument list (never a shell), on MODULE_SSH_PORT (2222 unless told: 22
 * needs root), with the module's own host key (made once per data folder, part of the identity) and
 * public-key sign-in only, the keys from MODULE_SSH_AUTHORIZED_KEYS (default <data>/ssh/authorized_keys).
 * It listens on the module's HOST. The saved setting is applied at every start.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SshServerOptions {
  dataDir: string;
  host: string;
  port: number;
  authorizedKeys?: string;
  sshdPath?: string;
  /** Lines of the server's own log (Common subsystem). */
  log: (level: 'debug' | 'info' | 'error', message: string) => void;
}

export const SSHD_START_TIMEOUT_MS = 5000;

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: host === '0.0.0.0' ? '127.0.0.1' : host, port });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

export class SshServer {
  private child: ChildProcess | undefined;
  /** Serialises start and stop: a quick on-off-on never leaves two servers. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly dir: string;

  constructor(private readonly o: SshServerOptions) {
    this.dir = join(o.dataDir, 'ssh');
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null;
  }

  get port(): number {
    return this.o.port;
  }

  /** Starts or stops sshd to match the setting; resolves with an error text when it did not start. */
  apply(enable: boolean): Promise<string | undefined> {
    const next = this.queue.then(() => (enable ? this.start() : this.stop().then(() => undefined)));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async hostKey(): Promise<string> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const key = join(this.dir, 'ssh_host_ed25519_key');
    if (!existsSync(key)) await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'module', '-f', key]);
    return key;
  }

  private async start(): Promise<string | undefined> {
    if (this.running) return undefined;
    try {
      const key = await this.hostKey();
      // sshd started by root checks for its privilege separation folder, which a container may lack.
      if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
      const authorizedKeys = this.o.authorizedKeys ?? join(this.dir, 'authorized_keys');
      const args = [
        '-D',
        '-e',
        '-f',
        '/dev/null',
        '-h',
        key,
        '-p',
        String(this.o.port),
        '-o',
        `ListenAddress=${this.o.host}`,
        '-o',
        'PidFile=none',
        '-o',
        `AuthorizedKeysFile=${authorizedKeys}`,
        '-o',
        'PasswordAuthentication=no',
        '-o',
        'KbdInteractiveAuthentication=no',
        '-o',
        'UsePAM=no',
        '-o',
        'StrictModes=no',
        '-o',
        'PermitRootLogin=prohibit-password',
        '-o',
        'Subsystem=sftp internal-sftp',
      ];
      let stderr = '';
      const child = spawn(this.o.sshdPath ?? '/usr/sbin/sshd', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-2000);
        for (const line of d.toString().split('\n')) if (line.trim()) this.o.log('debug', `sshd: ${line.trim()}`);
      });
      child.once('error', (e) => (stderr += e.message));
      this.child = child;
      const deadline = Date.now() + SSHD_START_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) break;
        if (await portOpen(this.o.host, this.o.port)) {
          this.o.log('info', `SSH server started on port ${this.o.port}`);
          return undefined;
        }
        await sleep(100);
      }
      await this.stop();
      const reason = stderr.trim().split('\n').pop() || 'no answer on the port';
      this.o.log('error', `SSH server did not start: ${reason}`);
      return reason;
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      this.o.log('error', `SSH server did not start: ${reason}`);
      return reason;
    }
  }

  private async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(2000).then(() => void child.kill('SIGKILL'))]);
    this.o.log('info', 'SSH server stopped');
  }

  close(): Promise<void> {
    return this.apply(false).then(() => undefined);
  }
}
