/**
 * Meter firmware update (002 §2.13, §7.6 meterUpdate): the uploaded .abin is checked as the module's
 * package is (Ed25519 signature over the manifest against the keys the module trusts, product =
 * the meter's model, version, every part's size and hash) with its own update log. Only a package
 * that passes everything is sent to the meter; the meter then runs the new version, which
 * deviceInfo reports and the meter settings' option rules follow (contract meterContextFrom).
 * The module does not reboot. A refusal changes nothing.
 */
import type { KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleContext } from '../../context.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { DeviceIdentity } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { METER_MAGIC, PackageError, compareVersions, readPackage } from './package-format.ts';

/** Decided: meter firmware versions are two numbers (1.16), as the meter reports them. */
export const METER_VERSION_RE = /^\d{1,3}\.\d{1,3}$/;
/** Decided: the oldest meter firmware the module can talk to. */
export const MIN_METER_FIRMWARE = '1.10';
export const METER_FIRMWARE_SUCCESS = 'meter firmware update success';
const END_OF_FILE = 'END OF FILE';

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

  constructor(private readonly d: MeterFirmwareDeps) {
    const dir = join(d.ctx.config.dataDir, 'firmware');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = join(dir, 'upload.abin');
  }

  upload(file: Buffer, user: string): void {
    if (this.running) throw conflict('A meter firmware update is running');
    if (file.length === 0) throw badRequest('Please provide the firmware file');
    writeFileSync(`${this.file}.part`, file, { mode: 0o600 });
    renameSync(`${this.file}.part`, this.file);
    this.output = '';
    this.d.events.write('Info', `Meter firmware file uploaded by ${user} (${file.length} bytes)`, user);
  }

  info(): { output: string } {
    return { output: this.output };
  }

  update(user: string): void {
    if (this.running) throw conflict('A meter firmware update is running');
    if (!existsSync(this.file)) throw badRequest('No firmware file uploaded');
    this.running = true;
    this.output = '';
    setImmediate(() => this.process(user));
  }

  private line(s: string): void {
    this.output += `${s}\n`;
    this.d.log(s);
  }

  private process(user: string): void {
    const id = this.d.identity();
    try {
      this.line(`Meter firmware update started by ${user}`);
      this.line(`Running version ${id.meterFirmwareVersion}`);
      this.line('Checking package signature');
      const { manifest, parts } = readPackage(readFileSync(this.file), this.d.trustedKeys(), METER_MAGIC);
      this.line(`Signature verified: ${manifest.product} ${manifest.version}, ${parts.size} part(s)`);
      if (manifest.product !== id.meterModel) throw new PackageError(`package is for ${manifest.product}, this meter is ${id.meterModel}`);
      if (!METER_VERSION_RE.test(manifest.version)) throw new PackageError(`version ${manifest.version} is not a meter version number`);
      if (compareVersions(manifest.version, MIN_METER_FIRMWARE) < 0) throw new PackageError(`version ${manifest.version} is below the minimum ${MIN_METER_FIRMWARE}`);
      this.line('Sending the firmware to the meter');
      // One write: the meter runs the old version or the new one, never a mix.
      this.d.ctx.kv.set('device.identity', { ...this.d.identity(), meterFirmwareVersion: manifest.version });
      this.d.events.write('Info', `Meter firmware ${manifest.version} installed by ${user} (was ${id.meterFirmwareVersion})`, user);
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
