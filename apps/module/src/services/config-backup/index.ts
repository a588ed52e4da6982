/**
 * Config Management (002 §2.15, §7.8): backups of every setting except the device-specific ones,
 * kept as files under `<data>/config-backups` (at most 10), exported as .conf.an files
 * authenticated with the module's own secret and with the secrets sealed (backup-format.ts),
 * imported back. An apply never grants more than the importer holds: each section is saved as
 * its own PUT would save it for that caller (permission, rules, seal, guards), a section the caller
 * may not save is skipped and named in the reply, and users and roles go through the user
 * management calls with their guards; all in one transaction.
 */
import {
  ADMIN_USER_NAME,
  CONFIG_FILE_EXTENSION,
  CONFIG_FILE_MAX_BYTES,
  DEVICE_SPECIFIC_SECTION,
  MAX_CONFIG_BACKUPS,
  MQTT_CLIENT_ID_KEYS,
  MQTT_SECTION,
  SAFE_FILE_NAME,
  configBackupTexts as t,
  hardeningTexts,
  compareVersions,
  endpoints,
  hasAccess,
  role as roleSchema,
  sameValue,
  secretPaths,
  type AnySection,
  type ConfigBackupEntry,
  type Endpoint,
} from '@meter/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { atomicWriteFile } from '../../atomic-file.ts';
import { join } from 'node:path';
import type { ModuleContext, Principal } from '../../context.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { setValueAt, valueAt } from '../sections/document.ts';
import { badRequest, conflict, forbidden, notFound, validationError } from '../../errors.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { SectionCaller } from '../sections/section-backend.ts';
import type { SectionService } from '../sections/section-service.ts';
import type { Roles, UserAccounts } from '../users/index.ts';
import { UserRepository } from '../users/user-repository.ts';
import { ConfigFileError, exportConfigFile, importConfigFile, type BackupDoc, type SecretPaths } from './backup-format.ts';
import { moduleSecret } from './module-secret.ts';

/** kv key of the device's own key that seals the secrets of its exported files (kept by a factory reset). */
export const KV_CONFIG_DEVICE_KEY = 'config.deviceKey';

/** Who applies, from where, what the caller may call, and the origin confirmed (a migration). */
export interface ApplyRequest {
  principal: Principal;
  caller: SectionCaller;
  /** Whether the caller's permission covers an endpoint, as the auth hook decides it (api layer). */
  mayCall(endpoint: Endpoint): boolean;
  confirmOrigin?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPORT_NAME = /^[A-Za-z0-9_-]+\.conf\.an$/;

export interface ConfigBackupDeps {
  ctx: ModuleContext;
  device: DeviceService;
  sections: SectionService;
  events: ModuleEventLog;
  /** The App Config subsystem of the system log: backups made, applied, imported, refused. */
  syslog?: SubsystemLog;
  /** The user management calls an apply with users goes through (their guards apply). */
  users: { accounts: UserAccounts; roles: Roles };
}

/** The PUT of each section (its permission, adminOnly), by section key. */
const SAVE_ENDPOINT = new Map<string, Endpoint>(
  Object.values(endpoints as Record<string, Endpoint>).flatMap((e) => (e.method === 'PUT' && e.section ? [[e.section.key, e] as const] : [])),
);

export class ConfigBackupService {
  private readonly dir: string;
  private readonly exportDir: string;
  private readonly repo: UserRepository;
  /** Authenticates the files this module exports; made on the first start of the data folder. */
  private readonly secret: Buffer;

  constructor(private readonly d: ConfigBackupDeps) {
    this.dir = join(d.ctx.config.dataDir, 'config-backups');
    this.exportDir = join(this.dir, 'export');
    mkdirSync(this.exportDir, { recursive: true, mode: 0o700 });
    this.repo = new UserRepository(d.ctx.db);
    this.secret = moduleSecret(d.ctx.config.dataDir);
  }

  /** The sections a backup holds: every served one but the device-specific ones. */
  private sections(): AnySection[] {
    const out = new Set<AnySection>();
    for (const e of Object.values(endpoints)) {
      const s = 'section' in e ? (e.section as AnySection | undefined) : undefined;
      if (s && e.method === 'GET' && !DEVICE_SPECIFIC_SECTION.test(s.key) && this.d.sections.serves(s)) out.add(s);
    }
    return [...out];
  }

  private deviceKey(): Buffer {
    return Buffer.from(
      this.d.ctx.kv.getOrInit(KV_CONFIG_DEVICE_KEY, () => randomBytes(32).toString('base64')),
      'base64',
    );
  }

  private secrets(): SecretPaths {
    return Object.fromEntries(this.sections().map((s) => [s.key, secretPaths(s)]));
  }

  private file(uuid: string): string {
    if (!UUID.test(uuid)) throw badRequest(t.badUuid);
    return join(this.dir, `${uuid.toLowerCase()}.json`);
  }

  private read(uuid: string): BackupDoc {
    const f = this.file(uuid);
    if (!existsSync(f)) throw notFound(t.notFound);
    return JSON.parse(readFileSync(f, 'utf8')) as BackupDoc;
  }

  /** Written whole, then renamed: a power cut never leaves half a backup in the list. */
  private write(doc: BackupDoc): void {
    const f = this.file(doc.meta.uuid);
    atomicWriteFile(f, JSON.stringify(doc));
  }

  list(): ConfigBackupEntry[] {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => (JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as BackupDoc).meta)
      .sort((a, b) => b.timestamp - a.timestamp);
  }

  private makeRoom(): void {
    if (this.list().length >= MAX_CONFIG_BACKUPS) throw conflict(t.tooMany(MAX_CONFIG_BACKUPS));
  }

  private meta(description: string, from?: Partial<ConfigBackupEntry>): ConfigBackupEntry {
    const id = this.d.device.identity();
    const now = Math.floor(this.d.ctx.now() / 1000);
    const uuid = randomUUID();
    return {
      fileName: `${id.meterSerialNumber}_${new Date(now * 1000).toISOString().replace(/\D/g, '').slice(0, 14)}${CONFIG_FILE_EXTENSION}`,
      firmwareVerion: id.moduleFirmwareVersion,
      modelName: id.meterModel,
      serialNumber: id.meterSerialNumber,
      timestamp: now,
      description,
      ...from,
      uuid,
    };
  }

  backup(description: string, user: string): ConfigBackupEntry {
    this.makeRoom();
    const doc = this.snapshot(description);
    this.write(doc);
    this.note('Info', `Configuration backup "${description}" made by ${user}`, user);
    return doc.meta;
  }

  /** Emergency step 1 (002 §2.16): the current configuration as a .conf.an, without taking a place in the list. */
  exportCurrent(user: string): string {
    const link = this.writeExport(this.snapshot('Emergency export'));
    this.note('Info', `Current configuration exported by ${user} (emergency mode)`, user);
    return link;
  }

  private snapshot(description: string): BackupDoc {
    const sections: BackupDoc['sections'] = {};
    for (const s of this.sections()) {
      const doc = this.d.sections.document(s);
      if (MQTT_SECTION.test(s.key)) dropClientId(doc);
      sections[s.key] = doc;
    }
    const users = {
      roles: this.repo.roles().map((r) => ({
        name: r.name,
        readingsAllow: r.readings_allow,
        configurationAllow: r.configuration_allow,
        maintenanceAllow: r.maintenance_allow,
        userConfigAllow: r.user_config_allow,
      })),
      users: this.repo.users().map((u) => ({
        name: u.name,
        passwordHash: u.password_hash,
        accessLevel: u.access_level,
        overridePwdPolicy: u.override_pwd_policy,
        multipleLogin: u.multiple_login,
        registerTime: u.register_time,
        passwordChangedAt: u.password_changed_at,
      })),
    };
    return { meta: this.meta(description), sections, users };
  }

  /** The module event log's line, and the same in the system log. */
  private note(level: Parameters<ModuleEventLog['write']>[0], message: string, user?: string): void {
    this.d.events.write(level, message, user);
    (this.d.syslog ?? NO_SYSLOG)(level === 'Error' || level === 'Critical' ? 'error' : 'info', message);
  }

  /**
   * Applies a backup for its caller, as the sections' own PUTs and the user management calls
   * would save it: a section whose PUT the caller may not call (permission, adminOnly) and whose
   * content differs is skipped and named in the reply; every other section is checked under the
   * live device and the caller (rules, seal, a whitelist that would shut the caller out) before
   * anything is written, then all are saved, and with includeUser the roles and users, in one
   * transaction: any refusal leaves everything as it was. A configuration from another module is
   * applied by user admin only, who names its origin (confirmOrigin = its serial number).
   */
  apply(uuid: string, includeUser: boolean, req: ApplyRequest): { skipped: string[] } {
    const { principal, caller } = req;
    const doc = this.read(uuid);
    if (doc.meta.otherModule) {
      const serial = doc.meta.serialNumber;
      if (principal.kind !== 'user' || principal.userName !== ADMIN_USER_NAME) throw forbidden(t.otherModuleAdminOnly(serial));
      if (req.confirmOrigin !== serial) throw badRequest(t.confirmOrigin(serial), { confirmOrigin: t.confirmOrigin(serial) });
    }
    if (includeUser && !hasAccess(principal.permission, 'userConfig', 'write')) throw forbidden(t.usersNeedUserConfig);
    if (includeUser && (!doc.users || doc.users.users.some((u) => u.passwordHash === ''))) throw badRequest(t.usersOfOtherDevice);
    const skipped: string[] = [];
    const merged: (readonly [AnySection, Record<string, unknown>])[] = [];
    for (const s of this.sections()) {
      const saved = doc.sections[s.key];
      if (saved === undefined) continue;
      const current = this.d.sections.document(s);
      // Keys the backup leaves out (the MQTT client id, a field newer than the backup) keep the device's own value.
      const body = MQTT_SECTION.test(s.key) ? mergeParts(current, saved) : { ...current, ...saved };
      const put = SAVE_ENDPOINT.get(s.key);
      if (!put || !req.mayCall(put)) {
        if (!sameValue(withStoredSecrets(s, body, current), current)) skipped.push(s.title);
        continue;
      }
      merged.push([s, body]);
    }
    for (const [s, body] of merged) this.d.sections.check(s, body, caller);
    const log = this.d.syslog ?? NO_SYSLOG;
    if (log.debugOn())
      log(
        'debug',
        `applying "${doc.meta.description}" (${doc.meta.fileName}) for ${principal.userName}: sections ${merged.map(([s]) => s.key).join(', ')}${includeUser ? ', users and roles' : ''}${skipped.length ? `; skipped ${skipped.join(', ')}` : ''}`,
      );
    this.d.ctx.db.transaction(() => {
      for (const [s, body] of merged) this.d.sections.save(s, body, principal.userName, undefined, caller);
      if (includeUser && doc.users) this.restoreUsers(doc.users, principal);
      this.note(
        'Info',
        `Configuration "${doc.meta.description}" applied by ${principal.userName}${includeUser ? ' with users and roles' : ''}${doc.meta.otherModule ? ` (from another module, serial number ${doc.meta.serialNumber})` : ''}${skipped.length ? `; not applied (no permission): ${skipped.join(', ')}` : ''}`,
        principal.userName,
      );
    })();
    return { skipped };
  }

  /**
   * The roles and users of the backup, through the user management calls (their guards: no role or
   * user above the importer's rights, admin-role users by user admin only, the importer's own role
   * unchanged, a user manager left): roles added or changed, users added, changed or removed,
   * then the roles the backup lacks removed.
   */
  private restoreUsers(u: NonNullable<BackupDoc['users']>, actor: Principal): void {
    const { accounts, roles } = this.d.users;
    for (const r of u.roles) {
      const parsed = roleSchema.safeParse(r);
      if (!parsed.success) throw validationError(parsed.error);
      roles.restore(parsed.data, actor);
    }
    const kept = new Set(u.users.map((x) => x.name));
    for (const x of u.users) {
      accounts.restore(
        {
          name: x.name,
          hash: x.passwordHash,
          accessLevel: x.accessLevel,
          overridePwdPolicy: x.overridePwdPolicy === 1,
          multipleLogin: x.multipleLogin === 1,
          registerTime: x.registerTime,
          passwordChangedAt: x.passwordChangedAt,
        },
        actor,
      );
    }
    for (const row of this.repo.users()) if (!kept.has(row.name)) accounts.removeRestored(row.name, actor);
    const keptRoles = new Set(u.roles.map((r) => r.name));
    for (const row of this.repo.roles()) if (!keptRoles.has(row.name)) roles.removeRestored(row.name, actor);
  }

  /** Writes the .conf.an of a backup and returns its link (configFile). */
  export(uuid: string, user: string): string {
    const doc = this.read(uuid);
    const link = this.writeExport(doc);
    this.note('Info', `Configuration "${doc.meta.description}" exported by ${user}`, user);
    return link;
  }

  private writeExport(doc: BackupDoc): string {
    // A name of an imported file is the file's own: anything but a plain .conf.an name ('..', separators) gets the module's.
    const name = EXPORT_NAME.test(doc.meta.fileName) ? doc.meta.fileName : this.meta(doc.meta.description).fileName;
    // The new file first, then the older ones go: a full disk keeps the last export.
    atomicWriteFile(join(this.exportDir, name), exportConfigFile(doc, this.secrets(), this.deviceKey(), this.secret));
    for (const old of readdirSync(this.exportDir)) if (old !== name) rmSync(join(this.exportDir, old), { force: true });
    return `config/file/${name}`;
  }

  exportPath(fileName: string): string | undefined {
    if (!EXPORT_NAME.test(fileName)) return undefined;
    const p = join(this.exportDir, fileName);
    return existsSync(p) ? p : undefined;
  }

  delete(uuid: string, user: string): void {
    const doc = this.read(uuid);
    rmSync(this.file(uuid), { force: true });
    this.note('Info', `Configuration "${doc.meta.description}" deleted by ${user}`, user);
  }

  /**
   * upload/local/configFile: the file is checked at once (name, size, format, authentication,
   * model, firmware version) and kept as a backup of the list. A file of another module (a
   * migration) is kept without its secrets and users, marked otherModule.
   */
  import(fileName: string, data: Buffer, user: string): ConfigBackupEntry {
    if (!SAFE_FILE_NAME.test(fileName)) throw badRequest(hardeningTexts.badFileName);
    if (!fileName.toLowerCase().endsWith(CONFIG_FILE_EXTENSION)) throw badRequest(t.wrongExtension);
    if (data.length === 0) throw badRequest(t.fileRequired);
    if (data.length > CONFIG_FILE_MAX_BYTES) throw badRequest(t.fileTooLarge);
    this.makeRoom();
    const name = fileName.replace(/[^\w. -]/g, '_').slice(0, 64);
    let parsed: ReturnType<typeof importConfigFile>;
    try {
      parsed = importConfigFile(data.toString('utf8'), this.deviceKey(), this.secret);
    } catch (e) {
      if (e instanceof ConfigFileError) {
        this.note('Error', `Configuration file ${name} refused (${e.message}), import by ${user}`, user);
        throw badRequest(e.reason === 'format' ? t.notConfigFile : t.damaged);
      }
      throw e;
    }
    const id = this.d.device.identity();
    const from = parsed.doc.meta;
    if (from.modelName !== id.meterModel) throw badRequest(t.otherModel(from.modelName));
    if (compareVersions(from.firmwareVerion, id.moduleFirmwareVersion) > 0) throw badRequest(t.newerFirmware(from.firmwareVerion));
    const meta = this.meta(from.description, {
      ...(EXPORT_NAME.test(from.fileName) ? { fileName: from.fileName } : {}),
      firmwareVerion: from.firmwareVerion,
      modelName: from.modelName,
      serialNumber: from.serialNumber,
      timestamp: from.timestamp,
      ...(parsed.ownModule ? {} : { otherModule: true }),
    });
    const doc: BackupDoc = { ...parsed.doc, meta };
    this.write(doc);
    this.note(
      'Info',
      `Configuration file ${name} imported by ${user}${parsed.ownModule ? '' : ` (from another module, serial number ${from.serialNumber}: without secrets and users)`}`,
      user,
    );
    return doc.meta;
  }
}

/** The body as a save would store it: a secret the backup left blank ('') and a read-only key keep the stored value. */
function withStoredSecrets(section: AnySection, body: Doc, current: Doc): Doc {
  const out = structuredClone(body);
  for (const key of section.readOnly ?? []) out[key] = structuredClone(current[key]);
  for (const path of secretPaths(section)) if (valueAt(out, path) === '') setValueAt(out, path, structuredClone(valueAt(current, path)));
  return out;
}

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The MQTT client id is the device's own (002 §2.15): gone from the section and from its parts. */
function dropClientId(doc: Doc): void {
  for (const part of [doc, ...Object.values(doc).filter(isDoc)]) for (const k of MQTT_CLIENT_ID_KEYS) delete part[k];
}

/** The backup over the current document, one level deep: a part of the section (mqttGenaral) keeps the keys the backup lacks. */
function mergeParts(current: Doc, backup: Doc): Doc {
  const out: Doc = { ...current };
  for (const [k, v] of Object.entries(backup)) out[k] = isDoc(v) && isDoc(current[k]) ? { ...current[k], ...v } : v;
  return out;
}
