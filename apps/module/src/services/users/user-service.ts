/**
 * Users, roles, password policy, general user config, API token and sign-in (002 §3.16, §4.11,
 * §5.11, §6, §7.9; 000 §4, §7, §8). Everything is kept in the module's SQLite database so it
 * survives a reboot; sessions live in the SessionStore (memory).
 *
 * Every write runs in one transaction: a refused or failed write changes nothing.
 */
import {
  ADMIN_ACCESS_LEVEL,
  ADMIN_USER_NAME,
  DEFAULT_MAX_LOGIN_USER,
  DEFAULT_PASSWORD_POLICY,
  passwordPolicyError,
  permissionFromFlags,
  serverMessages,
  type GeneralUserConfig,
  type PasswordPolicy,
  type PermissionLevel,
  type Role,
  type SessionUser,
  type UserAddBody,
  type UserListEntry,
} from '@meter/contract';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { ModuleContext, Principal } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';

export const KV_PASSWORD_POLICY = 'users.passwordPolicy';
export const KV_GENERAL = 'users.general';
export const KV_API_TOKEN = 'users.apiToken';
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

const DAY_MS = 86_400_000;
/** The most history any policy can ask for (pwdHistory 1 to 32): older rows are dropped. */
const HISTORY_KEEP = 32;
/** Failed-attempt state of unknown user names, so they lock out like real ones (bounded). */
const PHANTOM_LIMIT = 1000;

interface UserRow {
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

interface RoleRow {
  name: string;
  readings_allow: number;
  configuration_allow: number;
  maintenance_allow: number;
  user_config_allow: number;
}

interface FailState {
  failedCount: number;
  firstFailedAt: number;
  /** Epoch ms; -1 = until an administrator unlocks; 0 = not locked. */
  lockedUntil: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function roleOf(r: RoleRow): Role {
  return {
    name: r.name,
    readingsAllow: r.readings_allow as PermissionLevel,
    configurationAllow: r.configuration_allow as PermissionLevel,
    maintenanceAllow: r.maintenance_allow as PermissionLevel,
    userConfigAllow: r.user_config_allow as PermissionLevel,
  };
}

function lockActive(s: FailState, now: number): boolean {
  return s.lockedUntil === -1 || s.lockedUntil > now;
}

/**
 * One failed attempt under the policy. The count starts at the first failure and resets once the
 * window has passed (window 0: never resets); reaching maxFailedAttempts locks (0: never locks)
 * for failedLoginWaitSeconds (0: until an administrator unlocks) and restarts the count.
 */
export function registerFailure(s: FailState, policy: PasswordPolicy, now: number): { state: FailState; locked: boolean } {
  if (policy.maxFailedAttempts === 0) return { state: { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 }, locked: false };
  let { failedCount, firstFailedAt } = s;
  const window = policy.failedLoginAttemptWindowsSeconds * 1000;
  if (failedCount > 0 && window > 0 && now - firstFailedAt >= window) failedCount = 0;
  if (failedCount === 0) firstFailedAt = now;
  failedCount++;
  if (failedCount >= policy.maxFailedAttempts) {
    const wait = policy.failedLoginWaitSeconds;
    return { state: { failedCount: 0, firstFailedAt: 0, lockedUntil: wait > 0 ? now + wait * 1000 : -1 }, locked: true };
  }
  return { state: { failedCount, firstFailedAt, lockedUntil: 0 }, locked: false };
}

/** 16 letters and digits, with at least one upper case letter, one lower case letter, one digit. */
export function randomInitialPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (;;) {
    let pw = '';
    for (let i = 0; i < 16; i++) pw += alphabet[randomInt(alphabet.length)];
    if (/[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw)) return pw;
  }
}

type Outcome = { ok: true; user: SessionUser } | { ok: false; error: ApiError };

export class UserService {
  private readonly statements = new Map<string, Database.Statement<unknown[]>>();
  private readonly phantom = new Map<string, FailState>();

  constructor(
    private readonly ctx: ModuleContext,
    private readonly events: ModuleEventLog,
    private readonly sessions: SessionStore,
  ) {}

  // ---------------------------------------------------------------- storage helpers

  private stmt(sql: string) {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.ctx.db.prepare<unknown[]>(sql);
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
  private tx<T>(fn: () => T): T {
    return this.ctx.db.transaction(fn)();
  }

  private userRow(name: string): UserRow | undefined {
    return this.get<UserRow>('SELECT * FROM users WHERE name = ?', name);
  }
  private roleRow(name: string): RoleRow | undefined {
    return this.get<RoleRow>('SELECT * FROM roles WHERE name = ?', name);
  }
  private requireUser(name: string): UserRow {
    const row = this.userRow(name);
    if (!row) throw notFound(serverMessages.userNotFound(name));
    return row;
  }
  private requireRole(name: string): RoleRow {
    const row = this.roleRow(name);
    if (!row) throw notFound(serverMessages.roleNotFound(name));
    return row;
  }
  private userNameTaken(name: string): boolean {
    return this.get('SELECT 1 FROM users WHERE name = ? COLLATE NOCASE', name) !== undefined;
  }
  private roleNameTaken(name: string, except?: string): boolean {
    return this.get('SELECT 1 FROM roles WHERE name = ? COLLATE NOCASE AND name IS NOT ?', name, except ?? null) !== undefined;
  }

  private writeFailState(name: string, s: FailState): void {
    this.run('UPDATE users SET failed_count = ?, first_failed_at = ?, locked_until = ? WHERE name = ?', s.failedCount, s.firstFailedAt, s.lockedUntil, name);
  }

  private addHistory(name: string, hash: string, at: number): void {
    this.run('INSERT INTO password_history (user_name, password_hash, changed_at) VALUES (?, ?, ?)', name, hash, at);
    this.run(
      'DELETE FROM password_history WHERE user_name = ? AND id NOT IN (SELECT id FROM password_history WHERE user_name = ? ORDER BY changed_at DESC, id DESC LIMIT ?)',
      name,
      name,
      HISTORY_KEEP,
    );
  }

  // ---------------------------------------------------------------- first start

  /**
   * First start of an empty data folder: roles admin and view, user admin with the configured
   * password or a random one shown once. Also creates the settings sections and the API token.
   */
  async init(): Promise<void> {
    if (!this.userRow(ADMIN_USER_NAME)) {
      let password = this.ctx.config.adminPassword;
      if (!password) {
        password = randomInitialPassword();
        // Written before the database row, so a failure here can not leave an unknown password.
        const file = join(this.ctx.config.dataDir, INITIAL_PASSWORD_FILE);
        writeFileSync(file, password + '\n', { mode: 0o600 });
        chmodSync(file, 0o600);
        console.log(`Initial admin password (shown once, also in ${file}): ${password}`);
      }
      const hash = await hashPassword(password);
      const now = this.ctx.now();
      this.tx(() => {
        const insertRole = 'INSERT OR IGNORE INTO roles (name, readings_allow, configuration_allow, maintenance_allow, user_config_allow) VALUES (?, ?, ?, ?, ?)';
        this.run(insertRole, ADMIN_ACCESS_LEVEL, 0, 0, 0, 0);
        this.run(insertRole, 'view', 1, 1, 1, 2);
        this.run(
          `INSERT INTO users (name, password_hash, access_level, override_pwd_policy, multiple_login, register_time, password_changed_at, is_default)
           VALUES (?, ?, ?, 0, 1, ?, ?, 1)`,
          ADMIN_USER_NAME,
          hash,
          ADMIN_ACCESS_LEVEL,
          now,
          now,
        );
        this.addHistory(ADMIN_USER_NAME, hash, now);
        this.events.write('Info', 'User admin created with its initial password');
      });
    }
    this.passwordPolicy();
    this.generalConfig();
    this.apiToken();
    // User admin is the one account nobody else can be sure to unlock: a lockout without automatic
    // unlock (failedLoginWaitSeconds 0) lifts when the module starts again (power cycle).
    const admin = this.userRow(ADMIN_USER_NAME)!;
    if (admin.locked_until === -1) {
      this.tx(() => {
        this.writeFailState(ADMIN_USER_NAME, { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 });
        this.events.write('Critical', 'Lockout of user admin lifted by the module start');
      });
    }
    await dummyHash();
  }

  // ---------------------------------------------------------------- settings

  passwordPolicy(): PasswordPolicy {
    const stored = this.ctx.kv.getOrInit<PasswordPolicy>(KV_PASSWORD_POLICY, () => ({ ...DEFAULT_PASSWORD_POLICY }));
    return { ...DEFAULT_PASSWORD_POLICY, ...stored };
  }

  savePasswordPolicy(policy: PasswordPolicy, actor: Principal): void {
    this.tx(() => {
      this.ctx.kv.set(KV_PASSWORD_POLICY, { ...policy });
      this.events.write('Info', `Password policy saved by ${actor.userName}`);
    });
  }

  /** maxLoginUser, and sessionTimeout which is the password policy's (one setting, two screens). */
  generalConfig(): GeneralUserConfig {
    const stored = this.ctx.kv.getOrInit<{ maxLoginUser: number }>(KV_GENERAL, () => ({ maxLoginUser: DEFAULT_MAX_LOGIN_USER }));
    return { maxLoginUser: stored.maxLoginUser ?? DEFAULT_MAX_LOGIN_USER, sessionTimeout: this.passwordPolicy().sessionTimeout };
  }

  saveGeneralConfig(config: GeneralUserConfig, actor: Principal): void {
    this.tx(() => {
      this.ctx.kv.set(KV_GENERAL, { maxLoginUser: config.maxLoginUser });
      this.ctx.kv.set(KV_PASSWORD_POLICY, { ...this.passwordPolicy(), sessionTimeout: config.sessionTimeout });
      this.events.write('Info', `General user configuration saved by ${actor.userName}`);
    });
  }

  maxLoginUser(): number {
    return this.generalConfig().maxLoginUser;
  }

  sessionTimeoutMinutes(): number {
    return this.passwordPolicy().sessionTimeout;
  }

  apiToken(): string {
    return this.ctx.kv.getOrInit<string>(KV_API_TOKEN, () => randomBytes(32).toString('base64url'));
  }

  regenerateApiToken(actor: Principal): void {
    this.tx(() => {
      this.ctx.kv.set(KV_API_TOKEN, randomBytes(32).toString('base64url'));
      this.events.write('Info', `API token reset by ${actor.userName}`);
    });
  }

  // ---------------------------------------------------------------- sign-in

  /**
   * 000 §7 users/authenticate. A wrong user name and a wrong password cost one scrypt each and
   * give the same reply. Locks answer 401 with a text containing 'locked by administrator' (the
   * console's marker, 000 §8).
   */
  async authenticate(username: string, password: string): Promise<SessionUser> {
    const before = this.userRow(username);
    const verified = await verifyPassword(password, before?.password_hash ?? (await dummyHash()));
    const policy = this.passwordPolicy();
    const now = this.ctx.now();
    let created: ReturnType<SessionStore['create']> = null;
    let outcome: Outcome;
    try {
      outcome = this.tx((): Outcome => {
        const row = this.userRow(username);
        if (!row) return this.phantomFailure(username, policy, now);
        // The password changed while it was being checked: the check was against the old one.
        const ok = verified && row.password_hash === before?.password_hash;
        let state: FailState = { failedCount: row.failed_count, firstFailedAt: row.first_failed_at, lockedUntil: row.locked_until };
        if (lockActive(state, now)) {
          this.events.write('Error', `Sign-in refused for user ${row.name}: account locked after failed attempts`);
          return { ok: false, error: unauthorized(serverMessages.lockedOut) };
        }
        if (state.lockedUntil !== 0) state = { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 }; // the wait is over
        if (!ok) {
          const r = registerFailure(state, policy, now);
          this.writeFailState(row.name, r.state);
          if (r.locked) {
            const until = r.state.lockedUntil === -1 ? 'until an administrator unlocks it' : `for ${policy.failedLoginWaitSeconds} s`;
            this.events.write('Critical', `User ${row.name} locked out after ${policy.maxFailedAttempts} failed sign-in attempts, ${until}`);
            return { ok: false, error: unauthorized(serverMessages.lockedOut) };
          }
          this.events.write('Error', `Sign-in failed for user ${row.name}: incorrect password`);
          return { ok: false, error: unauthorized(serverMessages.incorrectCredentials) };
        }
        // The password is right from here on: the failure count restarts whatever follows.
        this.writeFailState(row.name, { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 });
        if (row.status === 1) {
          this.events.write('Error', `Sign-in refused for user ${row.name}: account locked by administrator`);
          return { ok: false, error: unauthorized(serverMessages.lockedByAdministrator) };
        }
        let mustChange = row.is_default === 1;
        if (!mustChange && policy.pwdExpireDays > 0) {
          const expiresAt = row.password_changed_at + policy.pwdExpireDays * DAY_MS;
          if (now >= expiresAt) {
            const inGrace = policy.gracePeriodDays > 0 && now < expiresAt + policy.gracePeriodDays * DAY_MS;
            // User admin is never locked (nobody could unlock it): it must change the password instead.
            if (inGrace || row.name === ADMIN_USER_NAME) mustChange = true;
            else {
              this.run('UPDATE users SET status = 1 WHERE name = ?', row.name);
              this.events.write('Critical', `User ${row.name} locked: password expired`);
              return { ok: false, error: unauthorized(serverMessages.passwordExpired) };
            }
          }
        }
        const role = this.roleRow(row.access_level);
        if (!role) return { ok: false, error: unauthorized(serverMessages.incorrectCredentials) };
        created = this.sessions.create(row.name, { multipleLogin: row.multiple_login === 1 });
        if (!created) {
          this.events.write('Error', `Sign-in refused for user ${row.name}: maximum number of concurrent logins reached`);
          return { ok: false, error: new ApiError(429, serverMessages.tooManySessions) };
        }
        this.run('UPDATE users SET last_login_time = ? WHERE name = ?', now, row.name);
        this.events.write('Info', `User ${row.name} signed in${mustChange ? ' (password change required)' : ''}`);
        return {
          ok: true,
          user: {
            token: created.token,
            userName: row.name,
            accessLevel: row.access_level,
            permission: permissionFromFlags(roleOf(role)),
            default: mustChange,
          },
        };
      });
    } catch (err) {
      const c = created as ReturnType<SessionStore['create']>;
      if (c) this.sessions.endId(c.session.id);
      throw err;
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.user;
  }

  /**
   * Unknown user names count failures and lock out like real accounts (in memory), so the
   * lockout reply does not tell which names exist. The name is not logged: it may be a password
   * typed into the wrong field.
   */
  private phantomFailure(username: string, policy: PasswordPolicy, now: number): Outcome {
    // Keyed by a digest: a client can not fill memory with long names.
    const key = createHash('sha256').update(username, 'utf8').digest('base64url');
    let state = this.phantom.get(key) ?? { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 };
    this.phantom.delete(key);
    if (lockActive(state, now)) {
      this.phantom.set(key, state);
      this.events.write('Error', 'Sign-in failed: unknown user name');
      return { ok: false, error: unauthorized(serverMessages.lockedOut) };
    }
    if (state.lockedUntil !== 0) state = { failedCount: 0, firstFailedAt: 0, lockedUntil: 0 };
    const r = registerFailure(state, policy, now);
    this.phantom.set(key, r.state);
    while (this.phantom.size > PHANTOM_LIMIT) this.phantom.delete(this.phantom.keys().next().value!);
    this.events.write('Error', 'Sign-in failed: unknown user name');
    return { ok: false, error: unauthorized(r.locked ? serverMessages.lockedOut : serverMessages.incorrectCredentials) };
  }

  logout(principal: Principal): void {
    if (principal.sessionId) this.sessions.endId(principal.sessionId);
    this.events.write('Info', `User ${principal.userName} signed out`);
  }

  /** The caller behind a live session, with the permission of the user's current role. */
  principalOf(userName: string): Principal | null {
    const row = this.userRow(userName);
    if (!row || row.status === 1) return null;
    const role = this.roleRow(row.access_level);
    if (!role) return null;
    return { kind: 'user', userName: row.name, accessLevel: row.access_level, permission: permissionFromFlags(roleOf(role)) };
  }

  /** Constant-time comparison with the API token. */
  isApiToken(token: string): boolean {
    return safeEqual(token, this.apiToken());
  }

  // ---------------------------------------------------------------- users

  private entryOf(row: UserRow, policy: PasswordPolicy, now: number): UserListEntry {
    const lockedOut = lockActive({ failedCount: row.failed_count, firstFailedAt: row.first_failed_at, lockedUntil: row.locked_until }, now);
    return {
      name: row.name,
      accessLevel: row.access_level,
      multipleLogin: row.multiple_login === 1,
      overridePwdPolicy: row.override_pwd_policy === 1,
      registerTime: seconds(row.register_time),
      passwordExpirationTime: policy.pwdExpireDays > 0 ? seconds(row.password_changed_at + policy.pwdExpireDays * DAY_MS) : 0,
      lastLoginTime: seconds(row.last_login_time),
      status: row.status === 1 ? 1 : 0,
      lockedOut,
    };
  }

  listUsers(): UserListEntry[] {
    const policy = this.passwordPolicy();
    const now = this.ctx.now();
    return this.all<UserRow>('SELECT * FROM users ORDER BY rowid').map((r) => this.entryOf(r, policy, now));
  }

  getUser(name: string): UserListEntry {
    return this.entryOf(this.requireUser(name), this.passwordPolicy(), this.ctx.now());
  }

  async addUser(body: UserAddBody, actor: Principal): Promise<void> {
    const check = () => {
      if (this.userNameTaken(body.name)) throw badRequest(serverMessages.userExists(body.name), { name: serverMessages.userExists(body.name) });
      if (!this.roleRow(body.accessLevel)) throw badRequest(serverMessages.roleNotFound(body.accessLevel), { accessLevel: serverMessages.roleNotFound(body.accessLevel) });
    };
    check();
    const override = body.overridePwdPolicy ?? false;
    if (!override) {
      const e = passwordPolicyError(this.passwordPolicy(), body.password);
      if (e) throw badRequest(e, { password: e });
    }
    const hash = await hashPassword(body.password);
    this.tx(() => {
      check();
      const now = this.ctx.now();
      this.run(
        `INSERT INTO users (name, password_hash, access_level, override_pwd_policy, multiple_login, register_time, password_changed_at, is_default)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
        body.name,
        hash,
        body.accessLevel,
        override ? 1 : 0,
        (body.multipleLogin ?? true) ? 1 : 0,
        now,
        now,
      );
      this.addHistory(body.name, hash, now);
      this.events.write('Info', `User ${body.name} (role ${body.accessLevel}) added by ${actor.userName}`);
    });
  }

  saveUserConfig(name: string, body: { accessLevel: string; multipleLogin: boolean }, actor: Principal): void {
    this.tx(() => {
      this.requireUser(name);
      if (!this.roleRow(body.accessLevel)) throw badRequest(serverMessages.roleNotFound(body.accessLevel), { accessLevel: serverMessages.roleNotFound(body.accessLevel) });
      if (name === ADMIN_USER_NAME && body.accessLevel !== ADMIN_ACCESS_LEVEL) throw badRequest(serverMessages.adminKeepsAdminRole, { accessLevel: serverMessages.adminKeepsAdminRole });
      this.run('UPDATE users SET access_level = ?, multiple_login = ? WHERE name = ?', body.accessLevel, body.multipleLogin ? 1 : 0, name);
      this.events.write('Info', `User ${name} configuration saved by ${actor.userName} (role ${body.accessLevel})`);
    });
  }

  /** lockout 1 locks (status 1) and ends the user's sessions; 0 unlocks, failed-attempt lockout included. */
  setLockout(name: string, lockout: 0 | 1, actor: Principal): void {
    this.tx(() => {
      const row = this.requireUser(name);
      if (lockout === 1) {
        if (name === ADMIN_USER_NAME) throw badRequest(serverMessages.adminUserProtected);
        this.run('UPDATE users SET status = 1 WHERE name = ?', name);
        this.events.write('Info', `User ${name} locked by ${actor.userName}`);
      } else {
        const policy = this.passwordPolicy();
        const now = this.ctx.now();
        // An account locked by password expiry may sign in once more and must change its password.
        const expired = policy.pwdExpireDays > 0 && now >= row.password_changed_at + (policy.pwdExpireDays + policy.gracePeriodDays) * DAY_MS;
        this.run(
          'UPDATE users SET status = 0, failed_count = 0, first_failed_at = 0, locked_until = 0, is_default = CASE WHEN ? THEN 1 ELSE is_default END WHERE name = ?',
          expired ? 1 : 0,
          name,
        );
        this.events.write('Info', `User ${name} unlocked by ${actor.userName}`);
      }
    });
    if (lockout === 1) this.sessions.endUser(name);
  }

  removeUser(name: string, actor: Principal): void {
    this.tx(() => {
      this.requireUser(name);
      if (name === ADMIN_USER_NAME) throw badRequest(serverMessages.adminUserProtected);
      this.run('DELETE FROM users WHERE name = ?', name);
      this.events.write('Info', `User ${name} removed by ${actor.userName}`);
    });
    this.sessions.endUser(name);
  }

  /** PUT usermg/user/pwd/{username}: an administrator sets another user's password. */
  async setUserPassword(pathName: string, body: { name: string; password: string; overridePwdPolicy: boolean }, actor: Principal): Promise<void> {
    if (body.name !== pathName) throw badRequest(serverMessages.nameMismatch, { name: serverMessages.nameMismatch });
    if (pathName === ADMIN_USER_NAME) throw forbidden(serverMessages.adminPasswordNeedsCurrent);
    const row = this.requireUser(pathName);
    const policy = this.passwordPolicy();
    if (!body.overridePwdPolicy) {
      const e = passwordPolicyError(policy, body.password);
      if (e) throw badRequest(e, { password: e });
      this.checkMinimumAge(row, policy, 'password');
    }
    await this.checkHistory(row, body.password, policy, 'password');
    const hash = await hashPassword(body.password);
    this.commitPassword(row, hash, body.overridePwdPolicy, `Password of user ${pathName} changed by ${actor.userName}`);
  }

  /** PATCH command/setPassword: a signed-in user changes their own password with the current one. */
  async changeOwnPassword(principal: Principal, body: { username: string; oldPassword: string; newPassword: string }): Promise<void> {
    if (principal.kind !== 'user' || body.username !== principal.userName) throw forbidden();
    const row = this.requireUser(body.username);
    if (!(await verifyPassword(body.oldPassword, row.password_hash))) {
      this.events.write('Error', `Password change of user ${row.name} refused: current password incorrect`);
      throw badRequest(serverMessages.currentPasswordIncorrect, { oldPassword: serverMessages.currentPasswordIncorrect });
    }
    const policy = this.passwordPolicy();
    const e = passwordPolicyError(policy, body.newPassword);
    if (e) throw badRequest(e, { newPassword: e });
    this.checkMinimumAge(row, policy, 'newPassword');
    // A default password must really be replaced, whatever pwdHistory says.
    if (row.is_default === 1 && body.newPassword === body.oldPassword) {
      throw badRequest(serverMessages.passwordReused(1), { newPassword: serverMessages.passwordReused(1) });
    }
    await this.checkHistory(row, body.newPassword, policy, 'newPassword');
    const hash = await hashPassword(body.newPassword);
    this.commitPassword(row, hash, false, `User ${row.name} changed its password`);
  }

  /** minPwdAgeDays (0: none); a password the user must change (default, expired) is exempt. */
  private checkMinimumAge(row: UserRow, policy: PasswordPolicy, field: string): void {
    if (policy.minPwdAgeDays === 0 || row.is_default === 1) return;
    const now = this.ctx.now();
    if (policy.pwdExpireDays > 0 && now >= row.password_changed_at + policy.pwdExpireDays * DAY_MS) return;
    if (now - row.password_changed_at < policy.minPwdAgeDays * DAY_MS) {
      const msg = serverMessages.passwordTooYoung(policy.minPwdAgeDays);
      throw badRequest(msg, { [field]: msg });
    }
  }

  /** pwdHistory 1: no restriction; n: differ from the last n passwords (the current one included). */
  private async checkHistory(row: UserRow, password: string, policy: PasswordPolicy, field: string): Promise<void> {
    if (policy.pwdHistory <= 1) return;
    const recent = this.all<{ password_hash: string }>(
      'SELECT password_hash FROM password_history WHERE user_name = ? ORDER BY changed_at DESC, id DESC LIMIT ?',
      row.name,
      policy.pwdHistory,
    );
    const hashes = new Set([row.password_hash, ...recent.map((r) => r.password_hash)]);
    const matches = await Promise.all([...hashes].map((h) => verifyPassword(password, h)));
    if (matches.some(Boolean)) {
      const msg = serverMessages.passwordReused(policy.pwdHistory);
      throw badRequest(msg, { [field]: msg });
    }
  }

  /** Stores a new password: clears the default flag, records history, ends the user's sessions. */
  private commitPassword(row: UserRow, hash: string, override: boolean, event: string): void {
    this.tx(() => {
      const current = this.userRow(row.name);
      if (!current) throw notFound(serverMessages.userNotFound(row.name));
      const now = this.ctx.now();
      this.run('UPDATE users SET password_hash = ?, password_changed_at = ?, is_default = 0, override_pwd_policy = ? WHERE name = ?', hash, now, override ? 1 : 0, row.name);
      this.addHistory(row.name, hash, now);
      this.events.write('Info', event);
    });
    this.sessions.endUser(row.name);
    // The printed first password is no longer valid: do not leave it lying around.
    if (row.name === ADMIN_USER_NAME) rmSync(join(this.ctx.config.dataDir, INITIAL_PASSWORD_FILE), { force: true });
  }

  // ---------------------------------------------------------------- roles

  listRoles(): Role[] {
    return this.all<RoleRow>('SELECT * FROM roles ORDER BY rowid').map(roleOf);
  }

  getRole(name: string): Role {
    return roleOf(this.requireRole(name));
  }

  addRole(role: Role, actor: Principal): void {
    this.tx(() => {
      if (this.roleNameTaken(role.name)) throw badRequest(serverMessages.roleExists(role.name), { name: serverMessages.roleExists(role.name) });
      this.run(
        'INSERT INTO roles (name, readings_allow, configuration_allow, maintenance_allow, user_config_allow) VALUES (?, ?, ?, ?, ?)',
        role.name,
        role.readingsAllow,
        role.configurationAllow,
        role.maintenanceAllow,
        role.userConfigAllow,
      );
      this.events.write('Info', `Role ${role.name} added by ${actor.userName}`);
    });
  }

  /** Saves a role (a new name in the body renames it; its users follow). Live sessions see it at once. */
  saveRole(pathName: string, role: Role, actor: Principal): void {
    this.tx(() => {
      this.requireRole(pathName);
      if (pathName === ADMIN_ACCESS_LEVEL) {
        if (actor.userName !== ADMIN_USER_NAME) throw forbidden(serverMessages.adminRoleProtected);
        if (role.name !== ADMIN_ACCESS_LEVEL) throw badRequest(serverMessages.adminRoleNotRenamable, { name: serverMessages.adminRoleNotRenamable });
        if (role.userConfigAllow !== 0) throw badRequest(serverMessages.adminRoleKeepsUserConfig, { userConfigAllow: serverMessages.adminRoleKeepsUserConfig });
      }
      if (role.name !== pathName && this.roleNameTaken(role.name, pathName)) {
        throw badRequest(serverMessages.roleExists(role.name), { name: serverMessages.roleExists(role.name) });
      }
      this.run(
        'UPDATE roles SET name = ?, readings_allow = ?, configuration_allow = ?, maintenance_allow = ?, user_config_allow = ? WHERE name = ?',
        role.name,
        role.readingsAllow,
        role.configurationAllow,
        role.maintenanceAllow,
        role.userConfigAllow,
        pathName,
      );
      this.events.write('Info', `Role ${pathName} saved by ${actor.userName}${role.name !== pathName ? ` (renamed ${role.name})` : ''}`);
    });
  }

  removeRole(name: string, actor: Principal): void {
    this.tx(() => {
      this.requireRole(name);
      if (name === ADMIN_ACCESS_LEVEL) throw badRequest(serverMessages.adminRoleNotRemovable);
      if (this.get('SELECT 1 FROM users WHERE access_level = ?', name)) throw badRequest(serverMessages.roleInUse(name));
      this.run('DELETE FROM roles WHERE name = ?', name);
      this.events.write('Info', `Role ${name} removed by ${actor.userName}`);
    });
  }
}

/** Constant-time string comparison: hashing first gives equal lengths and no early exit. */
function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
