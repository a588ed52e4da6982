/**
 * Meter firmware update (002 §2.13, §7.6 meterUpdate): the uploaded .abin is checked as the module's
 * package is (Ed25519 signature over the manifest against the keys the module trusts, product =
 * the meter's model, version, every part's size and hash) with its own update log. Only a package
 * that passes everything is sent to the meter; the meter then runs the new version, which
 * deviceInfo reports and the meter settings' option rules follow (contract meterContextFrom).
 * The module does not reboot. A refusal changes nothing.
 */
import type { KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleContext } from '../../context.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { DeviceIdentity } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { FirmwareUploadInfo } from '@meter/contract';
import { END_OF_FILE, checkPackage, receiveUpload, type PackageTarget, type StagedUpload, type Uploader } from './package-check.ts';
import { METER_MAGIC, PackageError } from './package-format.ts';

/** Decided: meter firmware versions are two numbers (1.16), as the meter reports them. */
export const METER_VERSION_RE = /^\d{1,3}\.\d{1,3}$/;
/** Decided: the oldest meter firmware the module can talk to. */
export const MIN_METER_FIRMWARE = '1.10';
export const METER_FIRMWARE_SUCCESS = 'meter firmware update success';

export interface MeterFirmwareDeps {
  ctx: Pick<ModuleContext, 'config' | 'kv'>;
  events: ModuleEventLog;
  identity: () => DeviceIdentity;
  trustedKeys: () => KeyObject[];
  /** Lines of the update log also go to the system log (Meter). */
  log: (message: string) => void;
}

export class MeterFirmwareService {
  private readonly file: string;
  private output = '';
  private running = false;
  /** What the upload of the kept file allowed (none after a restart: no downgrade). */
  private staged: StagedUpload | undefined;

  constructor(private readonly d: MeterFirmwareDeps) {
    const dir = join(d.ctx.config.dataDir, 'firmware');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = join(dir, 'upload.abin');
  }

  /** 002 §7.4 upload/local/meterFirmware: checked at once, as the module's. */
  async upload(file: Buffer, fileName: string, user: Uploader, allowDowngrade: boolean): Promise<FirmwareUploadInfo> {
    if (this.running) throw conflict('A meter firmware update is running');
    this.output = '';
    this.staged = undefined;
    const { info, staged } = await receiveUpload(
      { file: this.file, events: this.d.events, label: 'Meter', trusted: this.d.trustedKeys(), target: this.target(), line: (s) => this.line(s) },
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
      magic: METER_MAGIC,
      product: id.meterModel,
      noun: 'meter',
      versionRe: METER_VERSION_RE,
      versionForm: 'a meter version number',
      minimum: MIN_METER_FIRMWARE,
      running: id.meterFirmwareVersion,
    };
  }

  info(): { output: string } {
    return { output: this.output };
  }

  update(user: string): void {
    if (this.running) throw conflict('A meter firmware update is running');
    if (!existsSync(this.file)) throw badRequest('No firmware file uploaded');
    this.running = true;
    this.output = '';
    setImmediate(() => void this.process(user));
  }

  private line(s: string): void {
    this.output += `${s}\n`;
    this.d.log(s);
  }

  private async process(user: string): Promise<void> {
    const id = this.d.identity();
    const allowDowngrade = this.staged?.allowDowngrade ?? false;
    this.staged = undefined;
    try {
      this.line(`Meter firmware update started by ${user}`);
      this.line(`Running version ${id.meterFirmwareVersion}`);
      const { manifest, downgrade } = await checkPackage(readFileSync(this.file), this.d.trustedKeys(), this.target(), allowDowngrade, (s) => this.line(s));
      this.line('Sending the firmware to the meter');
      // One write: the meter runs the old version or the new one, never a mix.
      this.d.ctx.kv.set('device.identity', { ...this.d.identity(), meterFirmwareVersion: manifest.version });
      if (downgrade) this.d.events.write('Critical', `Meter firmware downgraded from ${id.meterFirmwareVersion} to ${manifest.version} by ${user}`, user);
      else this.d.events.write('Info', `Meter firmware ${manifest.version} installed by ${user} (was ${id.meterFirmwareVersion})`, user);
      this.line('Meter restarted');
      this.line(METER_FIRMWARE_SUCCESS);
      this.line(END_OF_FILE);
    } catch (e) {
      const reason = e instanceof PackageError ? e.message : 'internal error';
      this.d.events.write('Error', `Meter firmware update by ${user} refused: ${reason}`, user);
      this.line(`Firmware update failed: ${reason}`);
      this.line(END_OF_FILE);
    } finally {
      rmSync(this.file, { force: true });
      this.running = false;
    }
  }
}
