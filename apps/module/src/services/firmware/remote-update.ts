/**
 * Remote and automatic module firmware update (002 §4.7, §7.6; 000 §3 auto update): the module
 * reads the manifest its firmware server publishes at moduleCheckUpdateUrl
 * (docs/firmware-server.md), downloads the offered package over HTTP(S) with real progress, and
 * checks its size and SHA-256 against the manifest (isFirmwareComplete). Only then is the file
 * staged for fwUpdate/update, where it meets every check of an uploaded package (signature,
 * product, version, parts): a server can deliver the wrong file, never an unsigned one.
 */
import { couldNotConnect, noGuard, pinnedLookup, type OutboundGuard } from '../outbound/outbound-guard.ts';
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { once } from 'node:events';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import {
  AUTO_UPDATE_CRITICAL,
  AUTO_UPDATE_OFF,
  FIRMWARE_COMPLETE,
  FIRMWARE_INCOMPLETE,
  firmwareServerManifest,
  firmwareTexts as t,
  localDate,
  type AutoUpdateConfig,
  type DownloadStatus,
  type FirmwareServerManifest,
  type FirmwareSettings,
  type RemoteUpdateInfo,
} from '@meter/contract';
import type { ModuleContext } from '../../context.ts';
import { ApiError, badRequest, conflict } from '../../errors.ts';
import type { DeviceIdentity } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { MAX_PACKAGE_BYTES, type FirmwareService } from './index.ts';
import { compareVersions } from './package-format.ts';

const MANIFEST_MAX_BYTES = 64 * 1024;
const CHECK_TIMEOUT_MS = 10_000;
/** A download that receives nothing for this long is given up. */
const STALL_TIMEOUT_MS = 20_000;
const KV_AUTO_DAY = 'firmware.autoCheckedDay';
const AUTO_USER = 'auto update';

export interface RemoteUpdateDeps {
  /** Keeps the connections off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
  ctx: ModuleContext;
  events: ModuleEventLog;
  firmware: FirmwareService;
  identity: () => DeviceIdentity;
  timeZone: () => string;
  autoUpdate: () => AutoUpdateConfig;
  settings: () => FirmwareSettings;
}

interface Offer {
  manifest: FirmwareServerManifest;
  packageUrl: URL;
}

interface Download {
  offer: Offer;
  received: number;
  state: 'downloading' | 'done' | 'failed';
  reason?: string;
  sha256?: string;
  done: Promise<void>;
}

class DownloadError extends Error {}

const MAX_REDIRECTS = 5;

/**
 * GETs a URL over node:http(s), following up to five redirects as a browser would. Not the global
 * fetch: its client (undici) is compiled on first use, 40 ms on the event loop at 2 cores, and the
 * daily auto check would pay that in the middle of whatever the module is serving.
 */
async function getUrl(url: URL, signal: AbortSignal, headers: Record<string, string>, guard: OutboundGuard): Promise<{ res: IncomingMessage; url: URL }> {
  for (let hop = 0; ; hop++) {
    // Each hop: a redirect to the module's own port is refused as the first address would be.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const address = await guard(host, Number(url.port) || (url.protocol === 'https:' ? 443 : 80));
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      (url.protocol === 'https:' ? httpsGet : httpGet)(url, { signal, headers, ...pinnedLookup(host, address) }, resolve).on('error', reject);
    });
    const location = res.headers.location;
    if (!location || ![301, 302, 303, 307, 308].includes(res.statusCode ?? 0)) return { res, url };
    res.resume();
    if (hop === MAX_REDIRECTS) throw new DownloadError(`more than ${MAX_REDIRECTS} redirects from ${url.href}`);
    url = new URL(location, url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadError('a redirect to an address that is not http or https');
  }
}

/** A 2xx answer, or the error that names the status (the body is dropped). */
function okOrThrow(res: IncomingMessage, url: URL): IncomingMessage {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return res;
  res.resume();
  throw new DownloadError(`HTTP ${status} from ${url.href}`);
}

/** Reads a response body up to `max` bytes. */
async function readLimited(res: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new DownloadError(`the manifest is larger than ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function reasonOf(e: unknown): string {
  if (e instanceof DownloadError) return e.message;
  if (e instanceof Error) {
    const code = (e as { code?: string }).code;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'no answer in time';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    // Refused, reset, another protocol or the module's own port: one text.
    if (couldNotConnect(e)) return 'could not connect';
    if (code) return `connection failed (${code})`;
    return e.message;
  }
  return String(e);
}

export class RemoteUpdate {
  private offer: Offer | undefined;
  private download: Download | undefined;
  private timer: NodeJS.Timeout | undefined;
  private auto: Promise<void> | undefined;

  constructor(private readonly d: RemoteUpdateDeps) {}

  /** 002 §4.7: the newer version the server offers, or {} (step -1). */
  async check(): Promise<RemoteUpdateInfo> {
    const offer = await this.fetchOffer();
    this.offer = offer;
    return offer ? { version: offer.manifest.version, info_link: offer.manifest.info_link } : {};
  }

  private async fetchOffer(): Promise<Offer | undefined> {
    const url = this.d.settings().moduleCheckUpdateUrl;
    let manifest: FirmwareServerManifest;
    let packageUrl: URL;
    try {
      const answer = await getUrl(new URL(url), AbortSignal.timeout(CHECK_TIMEOUT_MS), { accept: 'application/json' }, this.d.guard ?? noGuard);
      const res = okOrThrow(answer.res, answer.url);
      let json: unknown;
      try {
        json = JSON.parse((await readLimited(res, MANIFEST_MAX_BYTES)).toString('utf8'));
      } catch (e) {
        throw e instanceof DownloadError ? e : new DownloadError('the manifest is not JSON');
      }
      const parsed = firmwareServerManifest.safeParse(json);
      if (!parsed.success) throw new DownloadError(`the manifest is incomplete (${parsed.error.issues[0]?.path.join('.') || 'root'})`);
      manifest = parsed.data;
      packageUrl = new URL(manifest.url, answer.url);
      if (packageUrl.protocol !== 'http:' && packageUrl.protocol !== 'https:') throw new DownloadError('the package address is not http or https');
    } catch (e) {
      throw new ApiError(502, t.checkFailed(reasonOf(e)));
    }
    const id = this.d.identity();
    if (manifest.product !== id.moduleModel) throw new ApiError(502, t.checkFailed(t.otherProduct(manifest.product, id.moduleModel)));
    if (manifest.size > MAX_PACKAGE_BYTES) throw new ApiError(502, t.checkFailed(`the package is larger than ${MAX_PACKAGE_BYTES} bytes`));
    return compareVersions(manifest.version, id.moduleFirmwareVersion) > 0 ? { manifest, packageUrl } : undefined;
  }

  /** Starts downloading the version the last check offered. */
  start(user: string): void {
    if (this.download?.state === 'downloading') throw conflict(t.downloadRunning);
    if (this.d.firmware.busy) throw conflict('A firmware update is running');
    const offer = this.offer;
    if (!offer) throw badRequest(t.checkFirst);
    this.begin(offer, user);
  }

  private begin(offer: Offer, user: string): Download {
    const { manifest, packageUrl } = offer;
    this.d.firmware.clearLog();
    this.d.firmware.line(`Downloading module firmware ${manifest.version} (${manifest.size} bytes) from ${packageUrl.href}`);
    this.d.events.write('Info', `Module firmware ${manifest.version} download started by ${user}`, user);
    const dl: Download = { offer, received: 0, state: 'downloading', done: Promise.resolve() };
    dl.done = this.fetchPackage(dl).then(
      (sha256) => {
        dl.state = 'done';
        dl.sha256 = sha256;
        this.d.firmware.line(`Download finished: ${dl.received} bytes`);
      },
      (e: unknown) => {
        dl.state = 'failed';
        dl.reason = reasonOf(e);
        rmSync(this.d.firmware.downloadPath(), { force: true });
        this.d.firmware.line(`Firmware download failed: ${dl.reason}`);
        this.d.events.write('Error', `Module firmware ${manifest.version} download failed: ${dl.reason}`, user);
      },
    );
    this.download = dl;
    return dl;
  }

  private async fetchPackage(dl: Download): Promise<string> {
    const { manifest, packageUrl } = dl.offer;
    const stall = new AbortController();
    let idle = setTimeout(() => stall.abort(), STALL_TIMEOUT_MS);
    const file = createWriteStream(this.d.firmware.downloadPath(), { mode: 0o600 });
    const hash = createHash('sha256');
    try {
      const answer = await getUrl(packageUrl, stall.signal, {}, this.d.guard ?? noGuard);
      for await (const chunk of okOrThrow(answer.res, answer.url) as AsyncIterable<Buffer>) {
        clearTimeout(idle);
        idle = setTimeout(() => stall.abort(), STALL_TIMEOUT_MS);
        dl.received += chunk.length;
        if (dl.received > manifest.size) throw new DownloadError(`the server sent more than the ${manifest.size} bytes of the manifest`);
        hash.update(chunk);
        if (!file.write(chunk)) await once(file, 'drain');
      }
      if (dl.received !== manifest.size) throw new DownloadError(`received ${dl.received} of ${manifest.size} bytes`);
      return hash.digest('hex');
    } finally {
      clearTimeout(idle);
      file.end();
      await once(file, 'close').catch(() => undefined);
    }
  }

  /** 002 §7.6 downloadStatus: the percent; 100 only once the whole file is in. */
  status(): DownloadStatus {
    const dl = this.download;
    if (!dl) return { value: 0, state: 'idle' };
    const percent = dl.state === 'done' ? 100 : Math.min(99, Math.floor((dl.received * 100) / dl.offer.manifest.size));
    return dl.reason ? { value: percent, state: dl.state, reason: dl.reason } : { value: percent, state: dl.state };
  }

  /** 002 §4.7 completeness check: size and SHA-256 as the manifest says; 'yes' stages the file for processing. */
  complete(user: string): { value: typeof FIRMWARE_COMPLETE | typeof FIRMWARE_INCOMPLETE; reason?: string } {
    const dl = this.download;
    if (!dl) return { value: FIRMWARE_INCOMPLETE, reason: t.noDownload };
    if (dl.state === 'downloading') return { value: FIRMWARE_INCOMPLETE, reason: 'the download is still running' };
    if (dl.state === 'failed') return { value: FIRMWARE_INCOMPLETE, reason: dl.reason };
    const { manifest } = dl.offer;
    if (dl.sha256 !== manifest.sha256) {
      const reason = 'the SHA-256 of the download does not match the manifest';
      dl.state = 'failed';
      dl.reason = reason;
      rmSync(this.d.firmware.downloadPath(), { force: true });
      this.d.firmware.line(`Firmware download failed: ${reason}`);
      this.d.events.write('Error', `Module firmware ${manifest.version} download refused: ${reason}`, user);
      return { value: FIRMWARE_INCOMPLETE, reason };
    }
    this.d.firmware.stage(this.d.firmware.downloadPath());
    this.d.firmware.line(`Download complete: ${dl.received} bytes, SHA-256 verified`);
    this.download = undefined;
    this.offer = undefined;
    return { value: FIRMWARE_COMPLETE };
  }

  /** Checks every half minute whether the configured hour has come (in the device's time zone). */
  startSchedule(): void {
    this.timer = setInterval(() => void this.autoTick(this.d.ctx.now()), 30_000);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /**
   * 000 §3 auto update: once a day in the checkTime hour, when checkStat is on: a newer version is
   * installed when it is critical (checkStat 1) or always (checkStat 2). Resolves when that run ends.
   */
  autoTick(nowMs: number): Promise<void> {
    const cfg = this.d.autoUpdate();
    if (cfg.checkStat === AUTO_UPDATE_OFF || this.auto) return this.auto ?? Promise.resolve();
    const local = localDate(this.d.timeZone(), nowMs / 1000);
    if (local.hour !== cfg.checkTime) return Promise.resolve();
    const day = `${local.year}-${local.month}-${local.day}`;
    if (this.d.ctx.kv.get<string>(KV_AUTO_DAY) === day) return Promise.resolve();
    this.d.ctx.kv.set(KV_AUTO_DAY, day);
    this.auto = this.autoRun(cfg).finally(() => (this.auto = undefined));
    return this.auto;
  }

  private async autoRun(cfg: AutoUpdateConfig): Promise<void> {
    const { events } = this.d;
    let offer: Offer | undefined;
    try {
      offer = await this.fetchOffer();
    } catch (e) {
      events.write('Error', `Firmware auto update: ${e instanceof Error ? e.message : String(e)}`, AUTO_USER);
      return;
    }
    if (!offer) return events.write('Info', `Firmware auto update: ${this.d.identity().moduleFirmwareVersion} is the newest version`, AUTO_USER);
    const { version, critical } = offer.manifest;
    if (cfg.checkStat === AUTO_UPDATE_CRITICAL && !critical) {
      return events.write('Info', `Firmware auto update: ${version} is available, not critical: not installed (Critical Update Only)`, AUTO_USER);
    }
    if (this.download?.state === 'downloading' || this.d.firmware.busy) return events.write('Info', 'Firmware auto update: an update is already running', AUTO_USER);
    const dl = this.begin(offer, AUTO_USER);
    await dl.done;
    if (this.complete(AUTO_USER).value !== FIRMWARE_COMPLETE) return;
    this.d.firmware.update(AUTO_USER);
  }
}
