/**
 * The module firmware package (.a2up), pure. Layout:
 *
 *   "A2UP" | u32 manifest length | manifest (JSON) | u32 signature length | Ed25519 signature | parts
 *
 * The manifest names the product, the version and every part with its size and SHA-256; the
 * signature covers the manifest bytes, so it binds every part too. Nothing is trusted before the
 * signature has been checked against a key the module ships; then sizes and hashes are checked
 * against the parts, so a truncated or altered file is refused as well.
 */
import { createHash, sign, verify, webcrypto, type KeyObject } from 'node:crypto';

export const MAGIC = Buffer.from('A2UP');
/** The meter firmware (.abin): the same layout under its own magic, so neither kind passes for the other. */
export const METER_MAGIC = Buffer.from('ABIN');
const MAX_MANIFEST = 64 * 1024;

export interface PackagePart {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  product: string;
  version: string;
  parts: PackagePart[];
}

export class PackageError extends Error {}

export function buildPackage(manifest: Omit<Manifest, 'parts'>, parts: ReadonlyArray<{ name: string; data: Buffer }>, key: KeyObject, magic = MAGIC): Buffer {
  const full: Manifest = { ...manifest, parts: parts.map((p) => ({ name: p.name, size: p.data.length, sha256: createHash('sha256').update(p.data).digest('hex') })) };
  const m = Buffer.from(JSON.stringify(full), 'utf8');
  const signature = sign(null, m, key);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  return Buffer.concat([magic, u32(m.length), m, u32(signature.length), signature, ...parts.map((p) => p.data)]);
}

/** SHA-256 on the thread pool (webcrypto): a 64 MB part does not hold the event loop. */
async function sha256Hex(data: Buffer): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex');
}

/** Checks a package; returns its manifest and parts, or throws a PackageError whose message goes to the update log. */
export async function readPackage(file: Buffer, trusted: readonly KeyObject[], magic: Buffer = MAGIC): Promise<{ manifest: Manifest; parts: Map<string, Buffer> }> {
  if (file.length < 8 || !file.subarray(0, 4).equals(magic)) throw new PackageError('not a firmware package');
  const mLen = file.readUInt32BE(4);
  if (mLen === 0 || mLen > MAX_MANIFEST || 8 + mLen + 4 > file.length) throw new PackageError('package truncated');
  const m = file.subarray(8, 8 + mLen);
  const sLen = file.readUInt32BE(8 + mLen);
  const sigStart = 12 + mLen;
  if (sLen !== 64 || sigStart + sLen > file.length) throw new PackageError('package truncated');
  const signature = file.subarray(sigStart, sigStart + sLen);
  if (!trusted.some((k) => verify(null, m, k, signature))) throw new PackageError('signature check failed');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(m.toString('utf8')) as Manifest;
  } catch {
    throw new PackageError('manifest unreadable');
  }
  if (typeof manifest.product !== 'string' || typeof manifest.version !== 'string' || !Array.isArray(manifest.parts)) throw new PackageError('manifest incomplete');
  const parts = new Map<string, Buffer>();
  let at = sigStart + sLen;
  for (const p of manifest.parts) {
    if (at + p.size > file.length) throw new PackageError('package truncated');
    const data = file.subarray(at, at + p.size);
    if ((await sha256Hex(data)) !== p.sha256) throw new PackageError(`part ${p.name} damaged`);
    parts.set(p.name, data);
    at += p.size;
  }
  if (at !== file.length) throw new PackageError('package has extra data');
  return { manifest, parts };
}

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export const VERSION_RE = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;
