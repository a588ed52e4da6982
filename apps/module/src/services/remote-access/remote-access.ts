/**
 * Remote device access (002 §2.6, §3.7, §4.3, §7.3, §9.2). The module talks to `remoteServerUrl`
 * over HTTP(S) as JSON (decided, docs/decisions/communication-remote-access.md "Remote Access"): POST {url}/register and
 * {url}/deregister when asked, and while enabled and registered POST {url}/ping every ping
 * interval. checkRemoteDevice pings at once and answers online or offline (checking while a ping
 * is under way). The access URL is https://<lowercased serial>.<host of the server URL>.
 * Registering sends the device's SSH public key; the reply offers the tunnel (ssh-tunnel.ts),
 * which runs while enabled and registered. Online means the ping succeeds and the tunnel is up.
 */
import { remoteAccessSection, remoteAccessTexts as t, remoteAccessUrl, serverMessages, type RemoteDeviceAccess, type RemoteDeviceStatus } from '@meter/contract';
import type { KeyValueStore } from '../../store/db.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { reasonOf, targetOf } from '../posting/post-error.ts';
import { noGuard, type OutboundGuard } from '../outbound/outbound-guard.ts';
import { httpPostReply, targetFrom } from '../posting/senders.ts';
import { kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';
import { deviceKey, remoteAccessDir } from './device-key.ts';
import { SshTunnel, tunnelOffer, type TunnelOffer } from './ssh-tunnel.ts';

const KV_TUNNEL = 'remoteAccess.tunnelOffer';
/** The longest wait between two tunnel attempts, whatever the ping interval. */
const TUNNEL_RETRY_CAP_MS = 60_000;

export interface RemoteIdentity {
  serial: string;
  mac: string;
  model: string;
  firmware: string;
}

export interface RemoteAccessDeps {
  /** Keeps the connections off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
  dataDir: string;
  kv: KeyValueStore;
  events: ModuleEventLog;
  now: () => number;
  identity: () => RemoteIdentity;
  timeoutMs: number;
  /** Test hook (MODULE_REMOTE_PING_SECONDS): replaces the ping interval of the settings. */
  pingSeconds?: number;
  ca?: string[];
  sshPath?: string;
}

type Ping = NonNullable<RemoteDeviceStatus['lastPing']>;

export class RemoteAccess {
  private readonly base: SectionBackend;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<Ping> | undefined;
  private lastPing: Ping | null = null;
  private stopped = true;
  private readonly tunnel: SshTunnel;
  /** The HTTPS listener's port the tunnel carries the server's requests to; known once it listens. */
  private httpsPort: number | undefined;

  constructor(private readonly d: RemoteAccessDeps) {
    this.base = kvSectionBackend(d.kv, remoteAccessSection);
    this.tunnel = new SshTunnel({
      dir: remoteAccessDir(d.dataDir),
      connectTimeoutSeconds: Math.max(1, Math.ceil(d.timeoutMs / 1000)),
      retryCapMs: () => Math.min(TUNNEL_RETRY_CAP_MS, Math.max(1000, this.intervalMs())),
      onChange: (state, reason) => this.tunnelChanged(state, reason),
      sshPath: d.sshPath,
    });
  }

  private loggedTunnel = '';

  /** Up, and each new reason for being down, go to the module event log; a retry that fails alike does not. */
  private tunnelChanged(state: string, reason: string): void {
    const line = state === 'up' ? t.event(`tunnel up (${reason})`) : state === 'down' ? t.event(`tunnel down: ${reason}`) : '';
    if (!line || line === this.loggedTunnel) return;
    this.loggedTunnel = line;
    this.d.events.write(state === 'up' ? 'Info' : 'Error', line);
  }

  /** The launcher tells the port its HTTPS server listens on (undefined: it could not bind). */
  listening(httpsPort: number | undefined): void {
    this.httpsPort = httpsPort;
    void this.syncTunnel();
  }

  private offer(): TunnelOffer | null | undefined {
    return this.d.kv.get<TunnelOffer | null>(KV_TUNNEL);
  }

  private tunnelQueue: Promise<void> = Promise.resolve();

  /** One change of the tunnel at a time: a quick register-deregister never leaves two ssh running. */
  private syncTunnel(): Promise<void> {
    const next = this.tunnelQueue.then(() => this.applyTunnel());
    this.tunnelQueue = next.catch((err: unknown) => void this.d.events.write('Error', t.event(`tunnel not started: ${err instanceof Error ? err.message : String(err)}`)));
    return this.tunnelQueue;
  }

  /** The tunnel runs while enabled, registered, offered and there is an HTTPS server to reach. */
  private async applyTunnel(): Promise<void> {
    const s = this.settings();
    const offer = this.offer();
    if (this.stopped || !s.enable || !s.registered || !offer || this.httpsPort === undefined) return this.tunnel.stop();
    // The server names the tunnel's end: held off the module's own ports like every outbound
    // connection, and ssh is given the checked address (never a fresh resolution of the name).
    const host = await (this.d.guard ?? noGuard)(offer.host, offer.port);
    const key = await deviceKey(this.d.dataDir, this.d.kv, this.d.identity().serial);
    await this.tunnel.run({ offer: { ...offer, host }, keyPath: key.path, localPort: this.httpsPort, aliveSeconds: Math.max(1, Math.ceil(this.intervalMs() / 1000)) });
  }

  settings(): RemoteDeviceAccess {
    return this.base.read() as RemoteDeviceAccess;
  }

  backend(): SectionBackend {
    return {
      read: () => this.base.read(),
      write: (next, before, w) => {
        this.base.write(next, before, w);
        // Another server or interval: what was known of the old one no longer says anything.
        this.lastPing = null;
        this.schedule(0);
        void this.syncTunnel();
      },
    };
  }

  private setRegistered(registered: boolean): void {
    this.d.kv.set(`section.${remoteAccessSection.key}`, { ...this.settings(), registered });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
    void this.syncTunnel();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.inFlight?.catch(() => undefined);
    await this.tunnel.stop();
  }

  private intervalMs(): number {
    return (this.d.pingSeconds ?? this.settings().pingInterval) * 1000;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const s = this.settings();
    if (!s.enable || !s.registered) return;
    this.timer = setTimeout(() => {
      void this.ping().finally(() => this.schedule(this.intervalMs()));
    }, delayMs);
  }

  /** POST {server}/{action} with the device's identity; resolves host:port and the reply on a 2xx. */
  private post(action: 'register' | 'deregister' | 'ping', extra: Record<string, string> = {}): Promise<{ where: string; body: string }> {
    const s = this.settings();
    const id = this.d.identity();
    const url = new URL(s.remoteServerUrl);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${action}`;
    const body = Buffer.from(
      JSON.stringify({ serialNumber: id.serial, macAddress: id.mac, model: id.model, firmware: id.firmware, pingInterval: s.pingInterval, accessUrl: this.accessUrl(), ...extra }),
    );
    return httpPostReply(
      url,
      0,
      { 'content-type': 'application/json' },
      body,
      { timeoutMs: this.d.timeoutMs, mac: id.mac, ca: this.d.ca, guard: this.d.guard },
      (where) => `Connected to ${where}: the server refused the device`,
    );
  }

  private reason(err: unknown): string {
    const address = this.settings().remoteServerUrl;
    try {
      const tg = targetFrom(address, 0, address.startsWith('https:') ? 443 : 80);
      return reasonOf(err, targetOf(tg.host, tg.port), tg.host, this.d.timeoutMs / 1000);
    } catch {
      return reasonOf(err, address, address, this.d.timeoutMs / 1000);
    }
  }

  accessUrl(): string {
    return remoteAccessUrl(this.settings().remoteServerUrl, this.d.identity().serial);
  }

  /** One ping; a change between online and offline goes to the module event log. */
  ping(): Promise<Ping> {
    this.inFlight ??= (async () => {
      const time = Math.floor(this.d.now() / 1000);
      let next: Ping;
      try {
        const { where } = await this.post('ping');
        next = { time, ok: true, reason: `Connected to ${where}` };
      } catch (err) {
        next = { time, ok: false, reason: this.reason(err) };
      }
      if (next.ok !== this.lastPing?.ok) this.d.events.write(next.ok ? 'Info' : 'Error', t.event(next.ok ? `online (${next.reason})` : `offline: ${next.reason}`));
      this.lastPing = next;
      return next;
    })().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  status(): RemoteDeviceStatus {
    const s = this.settings();
    const active = s.enable && s.registered;
    const tunnel = active && this.httpsPort === undefined && !this.stopped ? { state: 'down' as const, reason: t.noHttps } : { state: this.tunnel.state, reason: this.tunnel.reason };
    const value = !active ? 'offline' : this.inFlight || !this.lastPing ? 'checking' : this.lastPing.ok && tunnel.state === 'up' ? 'online' : 'offline';
    return { value, registered: s.registered, accessUrl: this.accessUrl(), lastPing: this.lastPing, tunnel };
  }

  /** checkRemoteDevice: pings now when there is something to ping, then answers. */
  async check(): Promise<RemoteDeviceStatus> {
    const s = this.settings();
    if (s.enable && s.registered) await this.ping();
    return this.status();
  }

  /** registerRemoteDevice: 'Success' once the server registered the device, else what happened. */
  async register(user: string): Promise<string> {
    if (!this.settings().enable) return t.notEnabled;
    try {
      const key = await deviceKey(this.d.dataDir, this.d.kv, this.d.identity().serial);
      const { where, body } = await this.post('register', { publicKey: key.publicKey });
      const offer = parseOffer(body);
      if (!offer) {
        const reason = t.noTunnelOffer(where);
        this.d.events.write('Error', `${t.event(`registration failed: ${reason}`)} (by ${user})`, user);
        return reason;
      }
      this.d.kv.set(KV_TUNNEL, offer);
      this.setRegistered(true);
      this.d.events.write('Info', `${t.event(`registered with ${where}`)} by ${user}`, user);
      this.lastPing = null;
      this.schedule(0);
      await this.syncTunnel();
      return serverMessages.success;
    } catch (err) {
      const reason = this.reason(err);
      this.d.events.write('Error', `${t.event(`registration failed: ${reason}`)} (by ${user})`, user);
      return reason;
    }
  }

  /** deregisterRemoteDevice: the server is told first; an unreachable server leaves the device registered. */
  async deregister(user: string): Promise<string> {
    if (!this.settings().registered) return t.notRegistered;
    // No ping may reach the server after it was told the device is gone.
    clearTimeout(this.timer);
    await this.inFlight?.catch(() => undefined);
    try {
      const { where } = await this.post('deregister');
      this.setRegistered(false);
      this.d.kv.set(KV_TUNNEL, null);
      clearTimeout(this.timer);
      this.lastPing = null;
      await this.syncTunnel();
      this.d.events.write('Info', `${t.event(`deregistered from ${where}`)} by ${user}`, user);
      return serverMessages.success;
    } catch (err) {
      const reason = this.reason(err);
      this.d.events.write('Error', `${t.event(`deregistration failed: ${reason}`)} (by ${user})`, user);
      this.schedule(this.intervalMs());
      return reason;
    }
  }
}

/** The register reply's tunnel offer, `{tunnel: {host, port, user, remotePort, hostKey}}`; undefined when there is none or it is not valid. */
function parseOffer(body: string): TunnelOffer | undefined {
  try {
    const parsed = tunnelOffer.safeParse((JSON.parse(body) as { tunnel?: unknown }).tunnel);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
