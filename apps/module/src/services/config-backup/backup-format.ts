/**
 * The configuration file (.conf.an) and the backups it is made from, pure.
 *
 * A backup keeps every setting as stored (secrets and password hashes included: it never leaves
 * the device's data folder). An exported file carries no secret in clear: every secret value and
 * every password hash is taken out, sealed with AES-256-GCM under the device's own key, and only
 * that device can open them again. The whole file is signed with HMAC-SHA256 under the product
 * key every module of the model ships, so a file changed by hand (a setting, the model, a
 * secret) is refused on import, while a file of another device of the same model is accepted
 * without its secrets and users.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConfigBackupEntry } from '@meter/contract';
import { setValueAt, stableJson, valueAt } from '../sections/document.ts';

export type SectionDoc = Record<string, unknown>;

export interface BackupUser {
  name: string;
  passwordHash: string;
  accessLevel: string;
  overridePwdPolicy: number;
  multipleLogin: number;
  registerTime: number;
  passwordChangedAt: number;
}
export interface BackupRole {
  name: string;
  readingsAllow: number;
  configurationAllow: number;
  maintenanceAllow: number;
  userConfigAllow: number;
}

export interface BackupDoc {
  meta: ConfigBackupEntry;
  sections: Record<string, SectionDoc>;
  users?: { roles: BackupRole[]; users: BackupUser[] };
}

export const FILE_FORMAT = 'acu-conf/1';

interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

interface FileBody {
  format: string;
  meta: ConfigBackupEntry;
  sections: Record<string, SectionDoc>;
  users?: { roles: BackupRole[]; users: BackupUser[] };
  sealed: Sealed;
}

export class ConfigFileError extends Error {}

/** Secret paths of each section of the file, by section key. */
export type SecretPaths = Readonly<Record<string, readonly (readonly string[])[]>>;

function seal(key: Buffer, value: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

function open(key: Buffer, s: Sealed): unknown | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]).toString('utf8'));
  } catch {
    return undefined;
  }
}

const mac = (key: Buffer, body: FileBody) => createHmac('sha256', key).update(stableJson(body)).digest('hex');

/** The .conf.an text of a backup: secrets sealed, the whole signed. */
export function exportConfigFile(doc: BackupDoc, secrets: SecretPaths, deviceKey: Buffer, productKey: Buffer): string {
  const out = structuredClone(doc);
  const hidden: { sections: Record<string, Record<string, unknown>>; hashes: Record<string, string> } = { sections: {}, hashes: {} };
  for (const [key, section] of Object.entries(out.sections)) {
    for (const path of secrets[key] ?? []) {
      const v = valueAt(section, path);
      if (v === undefined) continue;
      (hidden.sections[key] ??= {})[path.join('.')] = v;
      setValueAt(section, path, '');
    }
  }
  for (const u of out.users?.users ?? []) {
    hidden.hashes[u.name] = u.passwordHash;
    u.passwordHash = '';
  }
  const body: FileBody = { format: FILE_FORMAT, meta: out.meta, sections: out.sections, ...(out.users ? { users: out.users } : {}), sealed: seal(deviceKey, hidden) };
  return JSON.stringify({ ...body, mac: mac(productKey, body) }, null, 2) + '\n';
}

/**
 * Reads a .conf.an text: refused when it is not one or its signature does not match. The secrets
 * and password hashes come back when this device sealed them; otherwise the secrets stay '' (an
 * apply keeps the device's own) and the users are dropped.
 */
export function importConfigFile(text: string, deviceKey: Buffer, productKey: Buffer): { doc: BackupDoc; ownDevice: boolean } {
  let parsed: FileBody & { mac?: unknown };
  try {
    parsed = JSON.parse(text) as FileBody & { mac?: unknown };
  } catch {
    throw new ConfigFileError('not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || parsed.format !== FILE_FORMAT || typeof parsed.mac !== 'string') throw new ConfigFileError('not a configuration file');
  const { mac: given, ...rest } = parsed;
  const body = rest as FileBody;
  const expected = Buffer.from(mac(productKey, body), 'hex');
  const actual = Buffer.from(String(given), 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new ConfigFileError('signature');
  if (typeof body.meta !== 'object' || typeof body.sections !== 'object' || typeof body.sealed !== 'object') throw new ConfigFileError('shape');
  const hidden = open(deviceKey, body.sealed) as { sections: Record<string, Record<string, unknown>>; hashes: Record<string, string> } | undefined;
  const doc: BackupDoc = { meta: body.meta, sections: body.sections };
  if (hidden) {
    for (const [key, values] of Object.entries(hidden.sections)) {
      const section = doc.sections[key];
      if (section) for (const [path, v] of Object.entries(values)) setValueAt(section, path.split('.'), v);
    }
    if (body.users) doc.users = { roles: body.users.roles, users: body.users.users.map((u) => ({ ...u, passwordHash: hidden.hashes[u.name] ?? '' })) };
  }
  return { doc, ownDevice: hidden !== undefined };
}
