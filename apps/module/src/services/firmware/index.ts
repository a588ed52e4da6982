/**
 * Module firmware update (002 §2.13, §4.8, §4.9, §7.6): the uploaded .a2up is checked (signature
 * against the keys the module trusts, product, version, every part's hash) while the update log
 * is written line by line; only a package that passes everything is applied. Applying marks the
 * new version in SQLite and reboots; the next start makes it the running version. A failure
 * leaves everything as it was.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleContext } from '../../context.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { DeviceIdentity } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { FIRMWARE_POLL_MS, type FirmwareUploadInfo } from '@meter/contract';
import { DEV_PUBLIC_KEY } from './dev-key.ts';
import { END_OF_FILE, checkPackage, receiveUpload, type PackageTarget, type StagedUpload, type Uploader } from './package-check.ts';
import { MAGIC, PackageError, VERSION_RE } from './package-format.ts';

/** Decided: the oldest module firmware this hardware may run. */
export const MIN_MODULE_FIRMWARE = '3.0.0';
export const FIRMWARE_SUCCESS = 'firmware update success';
export { END_OF_FILE };
/** A firmware package is at most this large (the module's flash holds two images). */
export const MAX_PACKAGE_BYTES = 64 * 1024 * 1024;
const KV_PENDING = 'firmware.pendingVersion';
/**
 * After a success the module restarts this much later: longer than the console's 3-s log poll
 * (002 §4.9), so a poll still reads "firmware update success" from this run before it goes away.
 */
const REBOOT_DELAY_MS = FIRMWARE_POLL_MS + 2000;

export interface FirmwareDeps {
  ctx: ModuleContext;
  events: ModuleEventLog;
  identity: () => DeviceIdentity;
  /** Lines of the update log also go to the system log (App Supervisor). */
  log: (message: string) => void;
  /** How long after a success the module reboots (the console counts 10 s down meanwhile). */
  rebootDelayMs?: number;
}

/** At start, before anything reads the identity: a version applied before the reboot becomes the running one. */
export function applyPendingFirmware(ctx: Pick<ModuleContext, 'kv' | 'db'>): string | undefined {
  const version = ctx.kv.get<string>(KV_PENDING);
  if (!version) return undefined;
  ctx.db.transaction(() => {
    const identity = ctx.kv.get<DeviceIdentity>('device.identity');
    if (identity) ctx.kv.set('device.identity', { ...identity, moduleFirmwareVersion: version });
    ctx.db.prepare('DELETE FROM kv WHERE key = ?').run(KV_PENDING);
  })();
  return version;
}

export class FirmwareService {
  private readonly dir: string;
  private output = '';
  private running = false;
  /** The staged file came from a download: its lines stay above the update's. */
  private keepLog = false;
  /** What the upload of the kept file allowed (none after a restart or for a download: no downgrade). */
  private staged: StagedUpload | undefined;

  constructor(private readonly d: FirmwareDeps) {
    this.dir = join(d.ctx.config.dataDir, 'firmware');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  private get uploaded(): string {
    return join(this.dir, 'upload.a2up');
  }

  trustedKeys(): KeyObject[] {
    const keys: KeyObject[] = [];
    if (this.d.ctx.config.firmwareDevKey) keys.push(createPublicKey(DEV_PUBLIC_KEY));
    const dir = this.d.ctx.config.firmwareKeysDir;
    if (dir && existsSync(dir)) for (const f of readdirSync(dir).filter((n) => n.endsWith('.pem'))) keys.push(createPublicKey(readFileSync(join(dir, f))));
    return keys;
  }

  /** 002 §7.4 upload/local/moduleFirmware: checked at once; the reply names the version Process installs. */
  async upload(file: Buffer, fileName: string, user: Uploader, allowDowngrade: boolean): Promise<FirmwareUploadInfo> {
    if (this.running) throw conflict('A firmware update is running');
    this.output = '';
    this.keepLog = false;
    this.staged = undefined;
    const { info, staged } = await receiveUpload(
      { file: this.uploaded, events: this.d.events, label: 'Module', trusted: this.trustedKeys(), target: this.target(), line: (s) => this.line(s) },
      file,
      fileName,
      user,
      allowDowngrade,
    );
    this.staged = staged;
    return info;
  }

  private target(): PackageTarget {
    const id = this.d.identity();
    return {
      magic: MAGIC,
      product: id.moduleModel,
      noun: 'module',
      versionRe: VERSION_RE,
      versionForm: 'a version number',
      minimum: MIN_MODULE_FIRMWARE,
      running: id.moduleFirmwareVersion,
    };
  }

  info(): { output: string } {
    return { output: this.output };
  }

  /** A line of the update log (the remote download writes its steps here too). */
  line(s: string): void {
    this.output += `${s}\n`;
    this.d.log(s);
  }

  /** Starts a new update log. */
  clearLog(): void {
    this.output = '';
  }

  get busy(): boolean {
    return this.running;
  }

  /** A downloaded package whose size and hash matched the server's manifest: processed like an upload. */
  stage(file: string): void {
    if (this.running) throw conflict('A firmware update is running');
    renameSync(file, this.uploaded);
    this.keepLog = true;
    // A download never downgrades: the server offers only newer versions, and the signed version is checked again.
    this.staged = undefined;
  }

  /** Where a download may write (the same folder, so staging is a rename). */
  downloadPath(): string {
    return join(this.dir, 'download.a2up.part');
  }

  /** Starts processing the uploaded package; the log tells the rest. */
  update(user: string): void {
    if (this.running) throw conflict('A firmware update is running');
    if (!existsSync(this.uploaded)) throw badRequest('No firmware file uploaded');
    this.running = true;
    if (!this.keepLog) this.output = '';
    this.keepLog = false;
    // Off the request: the reply leaves at once and the console polls the log.
    setImmediate(() => void this.process(user));
  }

  private async process(user: string): Promise<void> {
    const id = this.d.identity();
    const allowDowngrade = this.staged?.allowDowngrade ?? false;
    this.staged = undefined;
    try {
      this.line(`Module firmware update started by ${user}`);
      this.line(`Running version ${id.moduleFirmwareVersion}`);
      const { manifest, parts, downgrade } = await checkPackage(readFileSync(this.uploaded), this.trustedKeys(), this.target(), allowDowngrade, (s) => this.line(s));
      this.line('Installing');
      const staged = join(this.dir, 'staged');
      rmSync(staged, { recursive: true, force: true });
      mkdirSync(staged, { recursive: true });
      for (const [name, data] of parts) writeFileSync(join(staged, name.replace(/[^A-Za-z0-9._-]/g, '_')), data);
      this.d.ctx.kv.set(KV_PENDING, manifest.version);
      if (downgrade) this.d.events.write('Critical', `Module firmware downgraded from ${id.moduleFirmwareVersion} to ${manifest.version} by ${user}; the module restarts`, user);
      else this.d.events.write('Info', `Module firmware ${manifest.version} installed by ${user}; the module restarts`, user);
      this.line(FIRMWARE_SUCCESS);
      this.line(END_OF_FILE);
      setTimeout(() => this.d.ctx.requestReboot(), this.d.rebootDelayMs ?? REBOOT_DELAY_MS);
    } catch (e) {
      const reason = e instanceof PackageError ? e.message : 'internal error';
      this.d.events.write('Error', `Module firmware update by ${user} refused: ${reason}`, user);
      this.line(`Firmware update failed: ${reason}`);
      this.line(END_OF_FILE);
    } finally {
      rmSync(this.uploaded, { force: true });
      this.running = false;
    }
  }
}
