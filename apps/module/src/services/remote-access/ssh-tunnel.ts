/**
 * The remote access tunnel (decided, docs/decisions/communication-remote-access.md "Remote Access"): an OpenSSH reverse
 * forward from the remote access server back to the module's HTTPS server, as a device behind NAT
 * keeps one. `ssh -N -R <remotePort>:127.0.0.1:<https port>` runs with an argument list (never a
 * shell), only the server's host key from its register reply is trusted, nothing of the user's or
 * the system's ssh configuration is read. It is restarted with backoff when it drops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { RemoteTunnelState } from '@meter/contract';

/** What the register reply says about the tunnel; checked strictly, since each value becomes an ssh argument. */
export const tunnelOffer = z.object({
  // No leading '-': a value that ssh could read as an option never reaches it.
  host: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.:-]{0,252}$/),
  port: z.number().int().min(1).max(65535),
  user: z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/),
  remotePort: z.number().int().min(1).max(65535),
  /** The server's host key as in a known_hosts line: '<type> <base64>'. */
  hostKey: z.string().regex(/^(ssh-ed25519|ecdsa-sha2-nistp(256|384|521)|ssh-rsa) [A-Za-z0-9+/]+={0,3}$/),
});
export type TunnelOffer = z.infer<typeof tunnelOffer>;

export interface TunnelSpec {
  offer: TunnelOffer;
  keyPath: string;
  localPort: number;
  aliveSeconds: number;
}

export interface SshTunnelOptions {
  /** Where the known_hosts file and the pid of the running ssh live. */
  dir: string;
  connectTimeoutSeconds: number;
  /** The longest wait between two attempts. */
  retryCapMs: () => number;
  onChange: (state: RemoteTunnelState, reason: string) => void;
  sshPath?: string;
}

const RETRY_FIRST_MS = 1000;

/** ssh's stderr lines that say nothing about why it stopped. */
const NOISE = [/^debug\d?:/, /^OpenSSH_/, /^Transferred:/, /^Bytes per second:/, /^Authenticated to /, /^Warning: Permanently added/];

export class SshTunnel {
  state: RemoteTunnelState = 'off';
  reason = '';
  private spec: TunnelSpec | undefined;
  private child: ChildProcess | undefined;
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;

  constructor(private readonly o: SshTunnelOptions) {
    this.killStale();
  }

  /** A module process that exits without closing (a signal) must not leave ssh holding the server's port. */
  private readonly killOnExit = (): void => void this.child?.kill('SIGTERM');

  private get pidFile(): string {
    return join(this.o.dir, 'tunnel.pid');
  }

  /**
   * An ssh left running by a module that crashed would hold the server's port, and the new one
   * would fail its forward: it is ended first, if the pid still names our ssh.
   */
  private killStale(): void {
    if (!existsSync(this.pidFile)) return;
    try {
      const pid = Number(readFileSync(this.pidFile, 'utf8'));
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(join(this.o.dir, 'known_hosts'))) process.kill(pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
    rmSync(this.pidFile, { force: true });
  }

  private set(state: RemoteTunnelState, reason: string): void {
    if (state === this.state && reason === this.reason) return;
    this.state = state;
    this.reason = reason;
    this.o.onChange(state, reason);
  }

  /** Runs the tunnel as `spec` says; a running one with other parameters is replaced. */
  async run(spec: TunnelSpec): Promise<void> {
    if (this.spec && JSON.stringify(this.spec) === JSON.stringify(spec)) return;
    await this.end();
    this.spec = spec;
    this.attempt = 0;
    process.off('exit', this.killOnExit);
    process.once('exit', this.killOnExit);
    this.connect();
  }

  async stop(): Promise<void> {
    process.off('exit', this.killOnExit);
    await this.end();
    this.set('off', '');
  }

  private async end(): Promise<void> {
    this.spec = undefined;
    clearTimeout(this.timer);
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await exited;
    rmSync(this.pidFile, { force: true });
  }

  private args(spec: TunnelSpec, knownHosts: string): string[] {
    const { offer } = spec;
    const o = (option: string) => ['-o', option];
    return [
      '-N',
      '-T',
      // debug1 says when the server accepted the forward ("remote forward success"): the tunnel is up then, not at connect.
      '-v',
      '-F',
      '/dev/null',
      '-i',
      spec.keyPath,
      '-p',
      String(offer.port),
      '-l',
      offer.user,
      '-R',
      `${offer.remotePort}:127.0.0.1:${spec.localPort}`,
      ...o('ExitOnForwardFailure=yes'),
      ...o(`ServerAliveInterval=${spec.aliveSeconds}`),
      ...o('ServerAliveCountMax=2'),
      ...o(`ConnectTimeout=${this.o.connectTimeoutSeconds}`),
      ...o('StrictHostKeyChecking=yes'),
      ...o(`UserKnownHostsFile=${knownHosts}`),
      ...o('GlobalKnownHostsFile=/dev/null'),
      ...o('UpdateHostKeys=no'),
      ...o('CheckHostIP=no'),
      ...o('BatchMode=yes'),
      ...o('IdentitiesOnly=yes'),
      ...o('IdentityAgent=none'),
      ...o('ControlMaster=no'),
      ...o('ControlPath=none'),
      ...o('PermitLocalCommand=no'),
      '--',
      offer.host,
    ];
  }

  private connect(): void {
    const spec = this.spec;
    if (!spec) return;
    const { offer } = spec;
    const knownHosts = join(this.o.dir, 'known_hosts');
    const name = offer.port === 22 ? offer.host : `[${offer.host}]:${offer.port}`;
    writeFileSync(knownHosts, `${name} ${offer.hostKey}\n`, { mode: 0o600 });
    // Until this attempt says otherwise, the last failure is still the news.
    this.set('connecting', this.state === 'down' ? this.reason : '');
    let said = '';
    let up = false;
    const child = spawn(this.o.sshPath ?? 'ssh', this.args(spec, knownHosts), { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    let buffered = '';
    child.stderr.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split(/\r?\n/);
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!up && line.includes('remote forward success for')) {
          up = true;
          this.attempt = 0;
          if (this.child === child) this.set('up', `${offer.user}@${offer.host}:${offer.port}, remote port ${offer.remotePort}`);
        }
        const text = line.trim();
        if (text && !NOISE.some((n) => n.test(text))) said = text;
      }
    });
    child.once('error', (e) => (said = e.message));
    child.once('close', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      rmSync(this.pidFile, { force: true });
      this.set('down', said || (signal ? `ssh ended by ${signal}` : `ssh exited with code ${code}`));
      const delay = Math.min(this.o.retryCapMs(), RETRY_FIRST_MS * 2 ** this.attempt++);
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }
}
