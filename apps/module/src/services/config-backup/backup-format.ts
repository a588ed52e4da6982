/**
 * The configuration file (.conf.an) and the backups it is made from, pure.
 *
 * A backup keeps every setting as stored (secrets and password hashes included: it never leaves
 * the device's data folder). An exported file carries no secret in clear: every secret value and
 * every password hash is taken out, sealed with AES-256-GCM under the device's own key, and only
 * that device can open them again. The whole file is authenticated with HMAC-SHA256 under the
 * module's own secret (module-secret.ts: random per data folder, never exported), and names its
 * origin by an id derived from that secret. So a file of this module changed after export (a
 * setting, a role, the model) is refused; a file naming another origin cannot be checked here
 * (this module lacks that module's secret): it is read as untrusted input, without its secrets
 * and users, and marked so that only admin may apply it after confirming its origin.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { configBackupEntry, type ConfigBackupEntry } from '@meter/contract';
import { z } from 'zod';
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

/** The second format: authenticated by the module's own secret (the first used a key built into the code). */
export const FILE_FORMAT = 'acu-conf/2';

interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

interface FileBody {
  format: string;
  /** The id of the module that wrote the file (originId of its secret). */
  origin: string;
  meta: ConfigBackupEntry;
  sections: Record<string, SectionDoc>;
  users?: { roles: BackupRole[]; users: BackupUser[] };
  sealed: Sealed;
}

/** Why a file is refused: `format` (not a configuration file) or `modified` (this module's file, changed). */
export class ConfigFileError extends Error {
  constructor(readonly reason: 'format' | 'modified') {
    super(reason === 'format' ? 'not a configuration file' : 'authentication failed: changed after export');
  }
}

/** Secret paths of each section of the file, by section key. */
export type SecretPaths = Readonly<Record<string, readonly (readonly string[])[]>>;

const level = z.number().int().min(0).max(2);
const fileShape = z.object({
  format: z.literal(FILE_FORMAT),
  origin: z.string().regex(/^[0-9a-f]{32}$/),
  meta: configBackupEntry,
  sections: z.record(z.string(), z.record(z.string(), z.unknown())),
  users: z
    .object({
      roles: z.array(z.object({ name: z.string(), readingsAllow: level, configurationAllow: level, maintenanceAllow: level, userConfigAllow: level })),
      users: z.array(
        z.object({
          name: z.string(),
          passwordHash: z.string(),
          accessLevel: z.string(),
          overridePwdPolicy: z.number(),
          multipleLogin: z.number(),
          registerTime: z.number(),
          passwordChangedAt: z.number(),
        }),
      ),
    })
    .optional(),
  sealed: z.object({ iv: z.string(), tag: z.string(), data: z.string() }),
  mac: z.string(),
});

/** Deeper than any section of a configuration file nests (a few levels): refused as not a configuration file. */
export const MAX_FILE_DEPTH = 32;

/** The deepest nesting of objects and arrays in a JSON text, read without recursion (strings skipped). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** The origin id a module's files carry: derived from its secret, which it does not reveal. */
export const originId = (moduleSecret: Buffer) => createHmac('sha256', moduleSecret).update('config-file-origin').digest('hex').slice(0, 32);

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

/** The .conf.an text of a backup: secrets sealed under the device key, the whole authenticated with the module secret. */
export function exportConfigFile(doc: BackupDoc, secrets: SecretPaths, deviceKey: Buffer, moduleSecret: Buffer): string {
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
  const body: FileBody = {
    format: FILE_FORMAT,
    origin: originId(moduleSecret),
    meta: out.meta,
    sections: out.sections,
    ...(out.users ? { users: out.users } : {}),
    sealed: seal(deviceKey, hidden),
  };
  return JSON.stringify({ ...body, mac: mac(moduleSecret, body) }, null, 2) + '\n';
}

export interface ImportedFile {
  doc: BackupDoc;
  /** Written and authenticated by this module; false: another module's (a migration), unverifiable here. */
  ownModule: boolean;
}

/**
 * Reads a .conf.an text. A file naming this module as its origin must pass its authentication
 * (else `modified`); then its secrets and password hashes come back. A file naming another
 * origin comes back without secrets (an apply keeps the device's own) and without users: nothing
 * sealed in it is opened, since nothing in it can be trusted.
 */
export function importConfigFile(text: string, deviceKey: Buffer, moduleSecret: Buffer): ImportedFile {
  // A file nested deeper than any configuration is refused before anything walks it recursively.
  if (nestingDepth(text) > MAX_FILE_DEPTH) throw new ConfigFileError('format');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ConfigFileError('format');
  }
  const parsed = fileShape.safeParse(raw);
  if (!parsed.success) throw new ConfigFileError('format');
  const { mac: given, ...rest } = raw as FileBody & { mac: string };
  const body = rest as FileBody;
  if (body.origin !== originId(moduleSecret)) {
    const doc: BackupDoc = { meta: parsed.data.meta, sections: parsed.data.sections };
    return { doc, ownModule: false };
  }
  const expected = Buffer.from(mac(moduleSecret, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new ConfigFileError('modified');
  const hidden = open(deviceKey, body.sealed) as { sections: Record<string, Record<string, unknown>>; hashes: Record<string, string> } | undefined;
  const doc: BackupDoc = { meta: parsed.data.meta, sections: parsed.data.sections };
  if (hidden) {
    for (const [key, values] of Object.entries(hidden.sections)) {
      const section = doc.sections[key];
      if (section) for (const [path, v] of Object.entries(values)) setValueAt(section, path.split('.'), v);
    }
    if (parsed.data.users) doc.users = { roles: parsed.data.users.roles, users: parsed.data.users.users.map((u) => ({ ...u, passwordHash: hidden.hashes[u.name] ?? '' })) };
  }
  return { doc, ownModule: true };
}
