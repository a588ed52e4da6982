/**
 * What a firmware file must pass, at upload and again when processed (module .a2up and meter .abin
 * alike): the signature against the trusted keys and every part (readPackage), the product, the
 * version's form and minimum, and no downgrade unless admin allowed it at upload (issue 25).
 */
import type { KeyObject } from 'node:crypto';
import { rmSync } from 'node:fs';
import { atomicWriteFile } from '../../atomic-file.ts';
import { firmwareTexts as t, hardeningTexts, serverMessages, type FirmwareUploadInfo } from '@meter/contract';
import { isStorageFull } from '../../store/storage-full.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { PackageError, compareVersions, readPackage, type Manifest } from './package-format.ts';

export interface PackageTarget {
  magic: Buffer;
  /** What the package must name: the module's or the meter's model. */
  product: string;
  /** 'module' or 'meter', in "this module is X". */
  noun: string;
  versionRe: RegExp;
  /** "a version number", "a meter version number". */
  versionForm: string;
  minimum: string;
  running: string;
}

export interface CheckedPackage {
  manifest: Manifest;
  parts: Map<string, Buffer>;
  /** Older than the running version (then allowed by admin, or it would have been refused). */
  downgrade: boolean;
}

/** Checks a whole package; throws a PackageError whose message is the reason given to the user and written to the log. */
export async function checkPackage(file: Buffer, trusted: readonly KeyObject[], target: PackageTarget, allowDowngrade: boolean, line: (s: string) => void): Promise<CheckedPackage> {
  line('Checking package signature');
  const { manifest, parts } = await readPackage(file, trusted, target.magic);
  line(`Signature verified: ${manifest.product} ${manifest.version}, ${parts.size} part(s)`);
  if (manifest.product !== target.product) throw new PackageError(`package is for ${manifest.product}, this ${target.noun} is ${target.product}`);
  if (!target.versionRe.test(manifest.version)) throw new PackageError(`version ${manifest.version} is not ${target.versionForm}`);
  if (compareVersions(manifest.version, target.minimum) < 0) throw new PackageError(`version ${manifest.version} is below the minimum ${target.minimum}`);
  const downgrade = compareVersions(manifest.version, target.running) < 0;
  if (downgrade && !allowDowngrade) throw new PackageError(t.olderVersion(manifest.version, target.running));
  return { manifest, parts, downgrade };
}

export const END_OF_FILE = 'END OF FILE';

/** The package a user uploaded, checked and kept for Process. */
export interface StagedUpload {
  version: string;
  /** Admin ticked "Allow downgrade" for this file. */
  allowDowngrade: boolean;
}

export interface UploadDeps {
  /** Where the checked file is kept for Process. */
  file: string;
  events: ModuleEventLog;
  /** 'Module' or 'Meter', in the log lines and events. */
  label: string;
  trusted: readonly KeyObject[];
  target: PackageTarget;
  /** A line of the kind's update log. */
  line: (s: string) => void;
}

export interface Uploader {
  userName: string;
  admin: boolean;
}

/**
 * An uploaded file (002 §7.4): checked at once, every step in the update log; a refusal is a 400
 * whose text is the reason (the console's "Firmware file upload failed: {reason}"); either way
 * the file kept before is dropped, and only a checked file is kept for Process. A downgrade needs admin and the option.
 */
export async function receiveUpload(d: UploadDeps, data: Buffer, fileName: string, user: Uploader, allowDowngrade: boolean): Promise<{ info: FirmwareUploadInfo; staged: StagedUpload }> {
  // A new upload replaces the kept file, also when it is refused: Process never installs an earlier choice.
  rmSync(d.file, { force: true });
  if (allowDowngrade && !user.admin) {
    d.events.write('Error', `${d.label} firmware file from ${user.userName} refused: ${t.downgradeAdminOnly}`, user.userName);
    throw forbidden(t.downgradeAdminOnly);
  }
  if (data.length === 0) throw badRequest(t.fileRequired);
  const { running } = d.target;
  d.line(`${d.label} firmware file ${fileName} uploaded by ${user.userName} (${data.length} bytes)`);
  let checked: CheckedPackage;
  try {
    checked = await checkPackage(data, d.trusted, d.target, allowDowngrade, d.line);
  } catch (e) {
    const reason = e instanceof PackageError ? e.message : 'internal error';
    d.line(`Firmware update failed: ${reason}`);
    d.line(END_OF_FILE);
    d.events.write('Error', `${d.label} firmware file ${fileName} from ${user.userName} refused: ${reason}`, user.userName);
    throw badRequest(reason);
  }
  const { version, product } = checked.manifest;
  try {
    atomicWriteFile(d.file, data);
  } catch (e) {
    // A full disk (507): the log ends too, so the console does not wait on it.
    d.line(`Firmware update failed: ${isStorageFull(e) ? hardeningTexts.storageFull : 'internal error'}`);
    d.line(END_OF_FILE);
    throw e;
  }
  d.line(`Package checked: ${product} version ${version}, running version ${running}`);
  d.events.write('Info', `${d.label} firmware file uploaded by ${user.userName} (${data.length} bytes, version ${version})`, user.userName);
  if (checked.downgrade) {
    d.line(`Downgrade from ${running} to ${version} allowed by ${user.userName}`);
    d.events.write('Critical', `${d.label} firmware downgrade from ${running} to ${version} allowed by ${user.userName}`, user.userName);
  }
  return { info: { value: serverMessages.success, product, version, running, downgrade: checked.downgrade }, staged: { version, allowDowngrade: checked.downgrade } };
}
