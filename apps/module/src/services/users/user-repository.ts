/**
 * The SQLite side of users, roles and password history: rows in, rows out, no rules. Every
 * other part of services/users reads and writes through here, inside `tx()` when it writes.
 */
import { serverMessages, type PermissionLevel, type Role } from '@meter/contract';
import type Database from 'better-sqlite3';
import { notFound } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { tryWrite } from '../../store/storage-full.ts';

/** The most history any policy can ask for (pwdHistory 1 to 32): older rows are dropped. */
const HISTORY_KEEP = 32;

export interface UserRow {
  name: string;
  password_hash: string;
  access_level: string;
  override_pwd_policy: number;
  multiple_login: number;
  register_time: number;
  password_changed_at: number;
  last_login_time: number;
  status: number;
  is_default: number;
  failed_count: number;
  first_failed_at: number;
  locked_until: number;
}

export interface RoleRow {
  name: string;
  readings_allow: number;
  configuration_allow: number;
  maintenance_allow: number;
  user_config_allow: number;
}

/** Failed sign-in attempts of one account. */
export interface FailState {
  failedCount: number;
  firstFailedAt: number;
  /** Epoch ms; -1 = until an administrator unlocks; 0 = not locked. */
  lockedUntil: number;
}

export const NO_FAILURES: Readonly<FailState> = { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 };

export function roleOf(r: RoleRow): Role {
  return {
    name: r.name,
    readingsAllow: r.readings_allow as PermissionLevel,
    configurationAllow: r.configuration_allow as PermissionLevel,
    maintenanceAllow: r.maintenance_allow as PermissionLevel,
    userConfigAllow: r.user_config_allow as PermissionLevel,
  };
}

export function failStateOf(row: UserRow): FailState {
  return { failedCount: row.failed_count, firstFailedAt: row.first_failed_at, lockedUntil: row.locked_until };
}

export function lockActive(s: FailState, now: number): boolean {
  return s.lockedUntil === -1 || s.lockedUntil > now;
}

export interface NewUser {
  name: string;
  hash: string;
  accessLevel: string;
  overridePwdPolicy: boolean;
  multipleLogin: boolean;
  at: number;
  /** The password is a default one the user must change at the next sign-in. */
  isDefault: boolean;
}

export class UserRepository {
  private readonly statements = new Map<string, Database.Statement<unknown[]>>();

  constructor(private readonly db: Db) {}

  private stmt(sql: string) {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, s);
    }
    return s;
  }
  private get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.stmt(sql).get(...params) as T | undefined;
  }
  private all<T>(sql: string, ...params: unknown[]): T[] {
    return this.stmt(sql).all(...params) as T[];
  }
  private run(sql: string, ...params: unknown[]): void {
    this.stmt(sql).run(...params);
  }

  /** Writes a request can do without: kept, or given up on a full disk (false). */
  tryWrite(write: () => void): boolean {
    return tryWrite(this.db, write);
  }

  /** One transaction: a refused or failed write changes nothing. */
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // ---- users

  user(name: string): UserRow | undefined {
    return this.get<UserRow>('SELECT * FROM users WHERE name = ?', name);
  }
  requireUser(name: string): UserRow {
    const row = this.user(name);
    if (!row) throw notFound(serverMessages.userNotFound(name));
    return row;
  }
  users(): UserRow[] {
    return this.all<UserRow>('SELECT * FROM users ORDER BY rowid');
  }
  userNameTaken(name: string): boolean {
    return this.get('SELECT 1 FROM users WHERE name = ? COLLATE NOCASE', name) !== undefined;
  }
  insertUser(u: NewUser): void {
    this.run(
      `INSERT INTO users (name, password_hash, access_level, override_pwd_policy, multiple_login, register_time, password_changed_at, is_default)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      u.name,
      u.hash,
      u.accessLevel,
      u.overridePwdPolicy ? 1 : 0,
      u.multipleLogin ? 1 : 0,
      u.at,
      u.at,
      u.isDefault ? 1 : 0,
    );
  }
  updateUserConfig(name: string, accessLevel: string, multipleLogin: boolean): void {
    this.run('UPDATE users SET access_level = ?, multiple_login = ? WHERE name = ?', accessLevel, multipleLogin ? 1 : 0, name);
  }
  /** Status 1: locked by an administrator (or by password expiry). */
  lockUser(name: string): void {
    this.run('UPDATE users SET status = 1 WHERE name = ?', name);
  }
  /** Lifts both locks; `mustChange` makes the next sign-in ask for a new password. */
  unlockUser(name: string, mustChange: boolean): void {
    this.run(
      'UPDATE users SET status = 0, failed_count = 0, first_failed_at = 0, locked_until = 0, is_default = CASE WHEN ? THEN 1 ELSE is_default END WHERE name = ?',
      mustChange ? 1 : 0,
      name,
    );
  }
  deleteUser(name: string): void {
    this.run('DELETE FROM users WHERE name = ?', name);
  }
  /** The failure state kept for an unknown user name (by its key, sign-in.ts). */
  unknownNameState(key: string): FailState {
    const r = this.get<{ failed_count: number; first_failed_at: number; locked_until: number }>(
      'SELECT failed_count, first_failed_at, locked_until FROM unknown_name_failures WHERE key = ?',
      key,
    );
    return r ? { failedCount: r.failed_count, firstFailedAt: r.first_failed_at, lockedUntil: r.locked_until } : { ...NO_FAILURES };
  }
  /**
   * Stores it. Past `limit` keys, the states that no longer hold anything (the count's window and
   * the lockout are over) go first, then the stalest: the sign-in bucket makes that take more than
   * a year of guessing (docs/decisions/users-secret-checks-and-sftp-access.md, "Secret checks: per-account throttling").
   */
  writeUnknownNameState(key: string, s: FailState, at: number, limit: number, windowMs: number): void {
    this.run(
      'INSERT INTO unknown_name_failures (key, failed_count, first_failed_at, locked_until, touched_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET failed_count = excluded.failed_count, first_failed_at = excluded.first_failed_at, locked_until = excluded.locked_until, touched_at = excluded.touched_at',
      key,
      s.failedCount,
      s.firstFailedAt,
      s.lockedUntil,
      at,
    );
    if ((this.get<{ n: number }>('SELECT count(*) AS n FROM unknown_name_failures')?.n ?? 0) <= limit) return;
    this.run(
      'DELETE FROM unknown_name_failures WHERE (locked_until = 0 OR (locked_until > 0 AND locked_until <= ?)) AND (failed_count = 0 OR (? > 0 AND first_failed_at + ? <= ?))',
      at,
      windowMs,
      windowMs,
      at,
    );
    this.run('DELETE FROM unknown_name_failures WHERE key IN (SELECT key FROM unknown_name_failures ORDER BY touched_at DESC, rowid DESC LIMIT -1 OFFSET ?)', limit);
  }

  writeFailState(name: string, s: FailState): void {
    this.run('UPDATE users SET failed_count = ?, first_failed_at = ?, locked_until = ? WHERE name = ?', s.failedCount, s.firstFailedAt, s.lockedUntil, name);
  }
  setLastLogin(name: string, at: number): void {
    this.run('UPDATE users SET last_login_time = ? WHERE name = ?', at, name);
  }
  /** A new password clears the default flag. */
  setPassword(name: string, hash: string, at: number, overridePwdPolicy: boolean): void {
    this.run('UPDATE users SET password_hash = ?, password_changed_at = ?, is_default = 0, override_pwd_policy = ? WHERE name = ?', hash, at, overridePwdPolicy ? 1 : 0, name);
  }

  // ---- password history

  addHistory(name: string, hash: string, at: number): void {
    this.run('INSERT INTO password_history (user_name, password_hash, changed_at) VALUES (?, ?, ?)', name, hash, at);
    this.run(
      'DELETE FROM password_history WHERE user_name = ? AND id NOT IN (SELECT id FROM password_history WHERE user_name = ? ORDER BY changed_at DESC, id DESC LIMIT ?)',
      name,
      name,
      HISTORY_KEEP,
    );
  }
  /** The hashes of the user's last `count` passwords, newest first. */
  recentHashes(name: string, count: number): string[] {
    return this.all<{ password_hash: string }>('SELECT password_hash FROM password_history WHERE user_name = ? ORDER BY changed_at DESC, id DESC LIMIT ?', name, count).map(
      (r) => r.password_hash,
    );
  }

  // ---- roles

  role(name: string): RoleRow | undefined {
    return this.get<RoleRow>('SELECT * FROM roles WHERE name = ?', name);
  }
  requireRole(name: string): RoleRow {
    const row = this.role(name);
    if (!row) throw notFound(serverMessages.roleNotFound(name));
    return row;
  }
  roles(): RoleRow[] {
    return this.all<RoleRow>('SELECT * FROM roles ORDER BY rowid');
  }
  roleNameTaken(name: string, except?: string): boolean {
    return this.get('SELECT 1 FROM roles WHERE name = ? COLLATE NOCASE AND name IS NOT ?', name, except ?? null) !== undefined;
  }
  /** Active users whose role has edit (level 0) on user configuration. */
  userManagerCount(): number {
    return this.get<{ n: number }>('SELECT COUNT(*) AS n FROM users u JOIN roles r ON r.name = u.access_level WHERE u.status = 0 AND r.user_config_allow = 0')?.n ?? 0;
  }
  /** The user exists, is not locked by an administrator, and its role has view or edit on user configuration. */
  mayReadApiToken(name: string): boolean {
    return this.get('SELECT 1 FROM users u JOIN roles r ON r.name = u.access_level WHERE u.name = ? AND u.status = 0 AND r.user_config_allow < 2', name) !== undefined;
  }
  roleInUse(name: string): boolean {
    return this.get('SELECT 1 FROM users WHERE access_level = ?', name) !== undefined;
  }
  /** `ifMissing`: the first start's roles, which an existing database already has. */
  insertRole(role: Role, ifMissing = false): void {
    this.run(
      `INSERT ${ifMissing ? 'OR IGNORE ' : ''}INTO roles (name, readings_allow, configuration_allow, maintenance_allow, user_config_allow) VALUES (?, ?, ?, ?, ?)`,
      role.name,
      role.readingsAllow,
      role.configurationAllow,
      role.maintenanceAllow,
      role.userConfigAllow,
    );
  }
  updateRole(name: string, role: Role): void {
    this.run(
      'UPDATE roles SET name = ?, readings_allow = ?, configuration_allow = ?, maintenance_allow = ?, user_config_allow = ? WHERE name = ?',
      role.name,
      role.readingsAllow,
      role.configurationAllow,
      role.maintenanceAllow,
      role.userConfigAllow,
      name,
    );
  }
  deleteRole(name: string): void {
    this.run('DELETE FROM roles WHERE name = ?', name);
  }
}
