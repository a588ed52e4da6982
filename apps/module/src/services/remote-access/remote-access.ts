/**
 * Remote device access (002 §2.6, §3.7, §4.3, §7.3, §9.2). The module talks to `remoteServerUrl`
 * over HTTP(S) as JSON (decided, docs/decisions.md "Remote Access"): POST {url}/register and
 * {url}/deregister when asked, and while enabled and registered POST {url}/ping every ping
 * interval. checkRemoteDevice pings at once and answers online or offline (checking while a ping
 * is under way). The access URL is https://<lowercased serial>.<host of the server URL>.
 */
import { remoteAccessSection, remoteAccessTexts as t, remoteAccessUrl, serverMessages, type RemoteDeviceAccess, type RemoteDeviceStatus } from '@meter/contract';
import type { KeyValueStore } from '../../store/db.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { reasonOf, targetOf } from '../posting/post-error.ts';
import { httpPost, targetFrom } from '../posting/senders.ts';
import { kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';

export interface RemoteIdentity {
  serial: string;
  mac: string;
  model: string;
  firmware: string;
}

export interface RemoteAccessDeps {
  kv: KeyValueStore;
  events: ModuleEventLog;
  now: () => number;
  identity: () => RemoteIdentity;
  timeoutMs: number;
  /** Test hook (MODULE_REMOTE_PING_SECONDS): replaces the ping interval of the settings. */
  pingSeconds?: number;
  ca?: string[];
}

type Ping = NonNullable<RemoteDeviceStatus['lastPing']>;

export class RemoteAccess {
  private readonly base: SectionBackend;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<Ping> | undefined;
  private lastPing: Ping | null = null;
  private stopped = true;

  constructor(private readonly d: RemoteAccessDeps) {
    this.base = kvSectionBackend(d.kv, remoteAccessSection);
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
      },
    };
  }

  private setRegistered(registered: boolean): void {
    this.d.kv.set(`section.${remoteAccessSection.key}`, { ...this.settings(), registered });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.inFlight?.catch(() => undefined);
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

  /** POST {server}/{action} with the device's identity; resolves host:port on a 2xx. */
  private post(action: 'register' | 'deregister' | 'ping'): Promise<string> {
    const s = this.settings();
    const id = this.d.identity();
    const url = new URL(s.remoteServerUrl);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${action}`;
    const body = Buffer.from(
      JSON.stringify({ serialNumber: id.serial, macAddress: id.mac, model: id.model, firmware: id.firmware, pingInterval: s.pingInterval, accessUrl: this.accessUrl() }),
    );
    return httpPost(
      url,
      0,
      { 'content-type': 'application/json' },
      body,
      { timeoutMs: this.d.timeoutMs, mac: id.mac, ca: this.d.ca },
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
        const where = await this.post('ping');
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
    const value = !s.enable || !s.registered ? 'offline' : this.inFlight || !this.lastPing ? 'checking' : this.lastPing.ok ? 'online' : 'offline';
    return { value, registered: s.registered, accessUrl: this.accessUrl(), lastPing: this.lastPing };
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
      const where = await this.post('register');
      this.setRegistered(true);
      this.d.events.write('Info', `${t.event(`registered with ${where}`)} by ${user}`, user);
      this.lastPing = null;
      this.schedule(0);
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
      const where = await this.post('deregister');
      this.setRegistered(false);
      clearTimeout(this.timer);
      this.lastPing = null;
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
