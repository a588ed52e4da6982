/**
 * Config Management (002 §2.15, §7.8): backups of every setting except the device-specific ones,
 * kept as files under `<data>/config-backups` (at most 10), applied through the settings sections
 * (so every rule, the seal and the audit apply) in one transaction, exported as signed .conf.an
 * files with the secrets sealed (backup-format.ts), imported back.
 */
import {
  CONFIG_FILE_EXTENSION,
  DEVICE_SPECIFIC_SECTION,
  MAX_CONFIG_BACKUPS,
  MQTT_CLIENT_ID_KEYS,
  MQTT_SECTION,
  configBackupTexts as t,
  endpoints,
  hasAccess,
  secretPaths,
  type AnySection,
  type ConfigBackupEntry,
} from '@meter/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_SYSLOG, type ModuleContext, type Principal, type SubsystemLog } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { SectionService } from '../sections/section-service.ts';
import { UserRepository } from '../users/user-repository.ts';
import { ConfigFileError, exportConfigFile, importConfigFile, type BackupDoc, type SecretPaths } from './backup-format.ts';

/** kv key of the device's own key that seals the secrets of its exported files (kept by a factory reset). */
export const KV_CONFIG_DEVICE_KEY = 'config.deviceKey';
/**
 * The product key every module of the model ships, which signs configuration files: a file
 * changed outside a module fails its check. Built into the firmware, as on the device.
 */
export const CONFIG_PRODUCT_KEY = Buffer.from('6d657465722d636f6e736f6c652d636f6e6669672d66696c652d6b65792d3031', 'hex');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPORT_NAME = /^[A-Za-z0-9_-]+\.conf\.an$/;

export interface ConfigBackupDeps {
  ctx: ModuleContext;
  device: DeviceService;
  sections: SectionService;
  events: ModuleEventLog;
  /** The App Config subsystem of the system log: backups made, applied, imported, refused. */
  syslog?: SubsystemLog;
}

export class ConfigBackupService {
  private readonly dir: string;
  private readonly exportDir: string;
  private readonly repo: UserRepository;

  constructor(private readonly d: ConfigBackupDeps) {
    this.dir = join(d.ctx.config.dataDir, 'config-backups');
    this.exportDir = join(this.dir, 'export');
    mkdirSync(this.exportDir, { recursive: true, mode: 0o700 });
    this.repo = new UserRepository(d.ctx.db);
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
    writeFileSync(`${f}.part`, JSON.stringify(doc), { mode: 0o600 });
    renameSync(`${f}.part`, f);
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
   * Every section of the backup is checked under the live device (rules, seal) before anything is
   * written; then all of them, and the users and roles with includeUser, go in one transaction.
   */
  apply(uuid: string, includeUser: boolean, principal: Principal): void {
    const doc = this.read(uuid);
    if (includeUser && !hasAccess(principal.permission, 'userConfig', 'write')) throw forbidden(t.usersNeedUserConfig);
    if (includeUser && (!doc.users || doc.users.users.some((u) => u.passwordHash === ''))) throw badRequest(t.usersOfOtherDevice);
    const targets = this.sections().filter((s) => doc.sections[s.key] !== undefined);
    const merged = targets.map((s) => {
      const current = this.d.sections.document(s);
      // Keys the backup leaves out (the MQTT client id, a field newer than the backup) keep the device's own value.
      const saved = doc.sections[s.key]!;
      return [s, MQTT_SECTION.test(s.key) ? mergeParts(current, saved) : { ...current, ...saved }] as const;
    });
    for (const [s, body] of merged) this.d.sections.check(s, body);
    const log = this.d.syslog ?? NO_SYSLOG;
    if (log.debugOn())
      log('debug', `applying "${doc.meta.description}" (${doc.meta.fileName}): sections ${targets.map((s) => s.key).join(', ')}${includeUser ? ', users and roles' : ''}`);
    this.d.ctx.db.transaction(() => {
      for (const [s, body] of merged) this.d.sections.save(s, body, principal.userName);
      if (includeUser && doc.users) this.replaceUsers(doc.users);
      this.note('Info', `Configuration "${doc.meta.description}" applied by ${principal.userName}${includeUser ? ' with users and roles' : ''}`, principal.userName);
    })();
  }

  private replaceUsers(u: NonNullable<BackupDoc['users']>): void {
    const db = this.d.ctx.db;
    db.exec('DELETE FROM password_history; DELETE FROM users; DELETE FROM roles;');
    const level = (v: number): 0 | 1 | 2 => {
      if (v !== 0 && v !== 1 && v !== 2) throw badRequest(t.damaged);
      return v;
    };
    for (const r of u.roles) {
      this.repo.insertRole({
        name: r.name,
        readingsAllow: level(r.readingsAllow),
        configurationAllow: level(r.configurationAllow),
        maintenanceAllow: level(r.maintenanceAllow),
        userConfigAllow: level(r.userConfigAllow),
      });
    }
    const insert = db.prepare(
      'INSERT INTO users (name, password_hash, access_level, override_pwd_policy, multiple_login, register_time, password_changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const x of u.users) insert.run(x.name, x.passwordHash, x.accessLevel, x.overridePwdPolicy, x.multipleLogin, x.registerTime, x.passwordChangedAt);
  }

  /** Writes the .conf.an of a backup and returns its link (configFile). */
  export(uuid: string, user: string): string {
    const doc = this.read(uuid);
    const link = this.writeExport(doc);
    this.note('Info', `Configuration "${doc.meta.description}" exported by ${user}`, user);
    return link;
  }

  private writeExport(doc: BackupDoc): string {
    for (const old of readdirSync(this.exportDir)) rmSync(join(this.exportDir, old), { force: true });
    const name = doc.meta.fileName.replace(/[^A-Za-z0-9_.-]/g, '_');
    writeFileSync(join(this.exportDir, name), exportConfigFile(doc, this.secrets(), this.deviceKey(), CONFIG_PRODUCT_KEY), { mode: 0o600 });
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

  import(fileName: string, content: string, user: string): ConfigBackupEntry {
    this.makeRoom();
    let parsed: ReturnType<typeof importConfigFile>;
    try {
      parsed = importConfigFile(content, this.deviceKey(), CONFIG_PRODUCT_KEY);
    } catch (e) {
      if (e instanceof ConfigFileError) {
        this.note('Error', `Configuration file ${fileName} refused (${e.message}), import by ${user}`, user);
        throw badRequest(t.damaged);
      }
      throw e;
    }
    const model = this.d.device.identity().meterModel;
    if (parsed.doc.meta.modelName !== model) throw badRequest(t.otherModel(String(parsed.doc.meta.modelName)));
    const doc: BackupDoc = { ...parsed.doc, meta: this.meta(parsed.doc.meta.description, { ...parsed.doc.meta, timestamp: parsed.doc.meta.timestamp }) };
    this.write(doc);
    this.note('Info', `Configuration file ${fileName} imported by ${user}${parsed.ownDevice ? '' : ' (from another device: without secrets and users)'}`, user);
    return doc.meta;
  }
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
