/**
 * User accounts (002 §7.9): the list, adding, configuring, locking and removing users, and
 * password changes (an administrator's, and a user's own with the current password). User admin
 * can not be removed, locked or given another role. A change that ends access ends the user's
 * sessions.
 */
import { ADMIN_USER_NAME, serverMessages, userConfigBody, type PasswordPolicy, type UserAddBody, type UserListEntry } from '@meter/contract';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleContext, Principal } from '../../context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { auditChanges } from '../sections/audit.ts';
import type { Session, SessionStore } from '../sessions/session-store.ts';
import type { SecretThrottle } from '../throttle/secret-throttle.ts';
import { INITIAL_PASSWORD_FILE } from './first-start.ts';
import { DAY_MS, checkHistory, checkMinimumAge, checkPolicy, checkReplacesDefault } from './password-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { Revisions } from '../sections/revision.ts';
import { guardUserManagement, refuseNoUserManagerLeft } from './rights-guard.ts';
import { failStateOf, lockActive, roleOf, type UserRepository, type UserRow } from './user-repository.ts';
import type { UserSettings } from './user-settings.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);
/** Wrong current passwords that end the session of a password change. */
export const WRONG_CURRENT_PASSWORDS_ENDING_SESSION = 5;

/**
 * What a user's revision covers: what its edit screens show and a change of it sets (role,
 * multiple login, override, lock, password). Not the last sign-in nor the failed-attempt count,
 * which the module changes by itself and which no edit is based on.
 */
function versionedOf(row: UserRow) {
  return {
    name: row.name,
    accessLevel: row.access_level,
    multipleLogin: row.multiple_login,
    overridePwdPolicy: row.override_pwd_policy,
    status: row.status,
    passwordChangedAt: row.password_changed_at,
  };
}

/** A user as a configuration backup holds it (services/config-backup). */
export interface RestoredUser {
  name: string;
  hash: string;
  accessLevel: string;
  overridePwdPolicy: boolean;
  multipleLogin: boolean;
  registerTime: number;
  passwordChangedAt: number;
}

function entryOf(row: UserRow, policy: PasswordPolicy, now: number): UserListEntry {
  return {
    name: row.name,
    accessLevel: row.access_level,
    multipleLogin: row.multiple_login === 1,
    overridePwdPolicy: row.override_pwd_policy === 1,
    registerTime: seconds(row.register_time),
    passwordExpirationTime: policy.pwdExpireDays > 0 ? seconds(row.password_changed_at + policy.pwdExpireDays * DAY_MS) : 0,
    lastLoginTime: seconds(row.last_login_time),
    status: row.status === 1 ? 1 : 0,
    lockedOut: lockActive(failStateOf(row), now),
  };
}

export class UserAccounts {
  /** Wrong current passwords given in each session (gone with the session). */
  private readonly wrongCurrent = new WeakMap<Session, number>();

  constructor(
    private readonly ctx: ModuleContext,
    private readonly repo: UserRepository,
    private readonly settings: UserSettings,
    private readonly sessions: SessionStore,
    private readonly events: ModuleEventLog,
    private readonly throttle: SecretThrottle,
    private readonly revisions: Revisions,
  ) {}

  list(): UserListEntry[] {
    const policy = this.settings.passwordPolicy();
    const now = this.ctx.now();
    return this.repo.users().map((r) => entryOf(r, policy, now));
  }

  /** A user and its revision (ETag): what an edit of it is based on. */
  get(name: string): { entry: UserListEntry; revision: string } {
    const row = this.repo.requireUser(name);
    return { entry: entryOf(row, this.settings.passwordPolicy(), this.ctx.now()), revision: this.revisions.of(versionedOf(row)) };
  }

  /**
   * The rights guard of a change of one user (rights-guard.ts): `row` the user as stored (absent
   * for an add), `given` the role the change gives it, which must exist.
   */
  private guard(actor: Principal, name: string, row: UserRow | undefined, given?: string): void {
    let grants;
    if (given !== undefined) {
      const role = this.repo.role(given);
      if (!role) throw badRequest(serverMessages.roleNotFound(given), { accessLevel: serverMessages.roleNotFound(given) });
      grants = roleOf(role);
    }
    // A user whose role is missing (a damaged database) holds nothing: it cannot sign in.
    const held = row && this.repo.role(row.access_level);
    guardUserManagement(actor, { kind: 'user', name, holds: held ? roleOf(held) : undefined, grants });
  }

  async add(body: UserAddBody, actor: Principal): Promise<void> {
    // Checked before hashing (a quick refusal) and again in the transaction (the truth).
    const check = () => {
      if (this.repo.userNameTaken(body.name)) throw badRequest(serverMessages.userExists(body.name), { name: serverMessages.userExists(body.name) });
      this.guard(actor, body.name, undefined, body.accessLevel);
    };
    check();
    const override = body.overridePwdPolicy ?? false;
    if (!override) checkPolicy(this.settings.passwordPolicy(), body.password, 'password');
    const hash = await hashPassword(body.password);
    this.repo.tx(() => {
      check();
      const now = this.ctx.now();
      this.repo.insertUser({
        name: body.name,
        hash,
        accessLevel: body.accessLevel,
        overridePwdPolicy: override,
        multipleLogin: body.multipleLogin ?? true,
        at: now,
        isDefault: false,
      });
      this.repo.addHistory(body.name, hash, now);
      this.events.write('Info', `User ${body.name} (role ${body.accessLevel}) added by ${actor.userName}`, actor.userName);
    });
  }

  /** `ifRevision` (If-Match): the revision the edit is based on; another one is 409. Returns the new revision. */
  saveConfig(name: string, body: { accessLevel: string; multipleLogin: boolean }, actor: Principal, ifRevision?: readonly string[]): string {
    let roleChanges = false;
    const revision = this.repo.tx(() => {
      const row = this.repo.requireUser(name);
      this.revisions.check(versionedOf(row), ifRevision);
      roleChanges = body.accessLevel !== row.access_level;
      if (name === ADMIN_USER_NAME && roleChanges) throw badRequest(serverMessages.adminKeepsAdminRole, { accessLevel: serverMessages.adminKeepsAdminRole });
      this.guard(actor, name, row, body.accessLevel);
      this.repo.updateUserConfig(name, body.accessLevel, body.multipleLogin);
      if (roleChanges) {
        refuseNoUserManagerLeft(this.repo);
        this.settings.revokeApiTokenIfReaderLeft(actor);
      }
      this.events.write('Info', `User ${name} configuration saved by ${actor.userName} (role ${body.accessLevel})`, actor.userName);
      auditChanges(this.events, `User ${name}`, userConfigBody, { accessLevel: row.access_level, multipleLogin: row.multiple_login === 1 }, body, actor.userName);
      return this.revisions.of(versionedOf(this.repo.requireUser(name)));
    });
    // The user signs in again under the new role, like after a lock or a password change.
    if (roleChanges) this.sessions.endUser(name);
    return revision;
  }

  /** lockout 1 locks (status 1) and ends the user's sessions; 0 unlocks, failed-attempt lockout included. */
  setLockout(name: string, lockout: 0 | 1, actor: Principal): void {
    this.repo.tx(() => {
      const row = this.repo.requireUser(name);
      this.guard(actor, name, row);
      if (lockout === 1) {
        if (name === ADMIN_USER_NAME) throw badRequest(serverMessages.adminUserProtected);
        this.repo.lockUser(name);
        refuseNoUserManagerLeft(this.repo);
        this.settings.revokeApiTokenIfReaderLeft(actor);
        this.events.write('Info', `User ${name} locked by ${actor.userName}`, actor.userName);
      } else {
        const policy = this.settings.passwordPolicy();
        const now = this.ctx.now();
        // An account locked by password expiry may sign in once more and must change its password.
        const expired = policy.pwdExpireDays > 0 && now >= row.password_changed_at + (policy.pwdExpireDays + policy.gracePeriodDays) * DAY_MS;
        this.repo.unlockUser(name, expired);
        this.events.write('Info', `User ${name} unlocked by ${actor.userName}`, actor.userName);
      }
    });
    if (lockout === 1) this.sessions.endUser(name);
  }

  remove(name: string, actor: Principal): void {
    this.repo.tx(() => {
      const row = this.repo.requireUser(name);
      if (name === ADMIN_USER_NAME) throw badRequest(serverMessages.adminUserProtected);
      this.guard(actor, name, row);
      this.repo.deleteUser(name);
      refuseNoUserManagerLeft(this.repo);
      this.settings.revokeApiTokenIfReaderLeft(actor);
      this.events.write('Info', `User ${name} removed by ${actor.userName}`, actor.userName);
    });
    this.sessions.endUser(name);
  }

  /**
   * PUT usermg/user/pwd/{username}: an administrator sets another user's password. Checked before
   * hashing (a quick refusal) and again in the transaction that stores it (the truth).
   */
  async setPassword(pathName: string, body: { name: string; password: string; overridePwdPolicy: boolean }, actor: Principal, ifRevision?: readonly string[]): Promise<void> {
    if (body.name !== pathName) throw badRequest(serverMessages.nameMismatch, { name: serverMessages.nameMismatch });
    if (pathName === ADMIN_USER_NAME) throw forbidden(serverMessages.adminPasswordNeedsCurrent);
    const check = (row: UserRow) => {
      this.revisions.check(versionedOf(row), ifRevision);
      this.guard(actor, pathName, row);
    };
    const row = this.repo.requireUser(pathName);
    check(row);
    const policy = this.settings.passwordPolicy();
    if (!body.overridePwdPolicy) {
      checkPolicy(policy, body.password, 'password');
      checkMinimumAge(row, policy, this.ctx.now(), 'password');
    }
    await checkHistory(this.repo, row, body.password, policy, 'password');
    const hash = await hashPassword(body.password);
    this.commitPassword(row, hash, body.overridePwdPolicy, `Password of user ${pathName} changed by ${actor.userName}`, actor.userName, check);
  }

  /** PATCH command/setPassword: a signed-in user changes their own password with the current one. */
  async changeOwnPassword(principal: Principal, body: { username: string; oldPassword: string; newPassword: string }): Promise<void> {
    if (principal.kind !== 'user' || body.username !== principal.userName) throw forbidden();
    const row = this.repo.requireUser(body.username);
    // The current password is a secret check of the account like a sign-in (docs/decisions/users-secret-checks-and-sftp-access.md).
    const key = this.throttle.accountKey(row.name);
    this.throttle.begin(key);
    const verified = await verifyPassword(body.oldPassword, row.password_hash);
    if (verified) this.throttle.succeeded(key);
    else {
      const session = principal.sessionId ? this.sessions.resolveId(principal.sessionId) : null;
      const wrong = session ? (this.wrongCurrent.get(session) ?? 0) + 1 : 0;
      if (session) this.wrongCurrent.set(session, wrong);
      if (session && wrong >= WRONG_CURRENT_PASSWORDS_ENDING_SESSION) {
        this.sessions.endId(session.id);
        this.events.write('Critical', `Session of user ${row.name} ended: ${wrong} incorrect current passwords on password change`, row.name);
        throw unauthorized(serverMessages.tooManyWrongCurrentPasswords);
      }
      this.events.write('Error', `Password change of user ${row.name} refused: current password incorrect`, row.name);
      throw badRequest(serverMessages.currentPasswordIncorrect, { oldPassword: serverMessages.currentPasswordIncorrect });
    }
    const policy = this.settings.passwordPolicy();
    checkPolicy(policy, body.newPassword, 'newPassword');
    checkMinimumAge(row, policy, this.ctx.now(), 'newPassword');
    checkReplacesDefault(row, body.oldPassword, body.newPassword, 'newPassword');
    await checkHistory(this.repo, row, body.newPassword, policy, 'newPassword');
    const hash = await hashPassword(body.newPassword);
    this.commitPassword(row, hash, false, `User ${row.name} changed its password`, row.name);
  }

  /** Stores a new password: clears the default flag, records history, ends the user's sessions. */
  private commitPassword(row: UserRow, hash: string, override: boolean, event: string, actor: string, check?: (now: UserRow) => void): void {
    this.repo.tx(() => {
      const now = this.repo.user(row.name);
      if (!now) throw notFound(serverMessages.userNotFound(row.name));
      check?.(now);
      const at = this.ctx.now();
      this.repo.setPassword(row.name, hash, at, override);
      this.repo.addHistory(row.name, hash, at);
      this.events.write('Info', event, actor);
    });
    this.sessions.endUser(row.name);
    // The printed first password is no longer valid: do not leave it lying around.
    if (row.name === ADMIN_USER_NAME) rmSync(join(this.ctx.config.dataDir, INITIAL_PASSWORD_FILE), { force: true });
  }

  /**
   * A user of a configuration backup (config apply with users, services/config-backup): added, or
   * its role and login setting set back through saveConfig, its password hash set back. Under the
   * guards of the calls that do the same by hand: add (name, a role within the editor's rights,
   * admin-role users only by user admin), saveConfig, the password set (admin-role users only by
   * user admin, and no user whose role holds a right the editor lacks).
   */
  restore(u: RestoredUser, actor: Principal): void {
    this.repo.tx(() => {
      const row = this.repo.user(u.name);
      if (!row) {
        if (this.repo.userNameTaken(u.name)) throw badRequest(serverMessages.userExists(u.name), { name: serverMessages.userExists(u.name) });
        this.guard(actor, u.name, undefined, u.accessLevel);
        this.repo.insertUser({
          name: u.name,
          hash: u.hash,
          accessLevel: u.accessLevel,
          overridePwdPolicy: u.overridePwdPolicy,
          multipleLogin: u.multipleLogin,
          at: u.registerTime,
          isDefault: false,
        });
        this.repo.setPassword(u.name, u.hash, u.passwordChangedAt, u.overridePwdPolicy);
        this.repo.addHistory(u.name, u.hash, u.passwordChangedAt);
        this.events.write('Info', `User ${u.name} (role ${u.accessLevel}) restored from a configuration by ${actor.userName}`, actor.userName);
        return;
      }
      if (row.access_level !== u.accessLevel || (row.multiple_login === 1) !== u.multipleLogin) {
        this.saveConfig(u.name, { accessLevel: u.accessLevel, multipleLogin: u.multipleLogin }, actor);
      }
      if (row.password_hash !== u.hash || (row.override_pwd_policy === 1) !== u.overridePwdPolicy) {
        this.guard(actor, u.name, this.repo.requireUser(u.name));
        this.repo.setPassword(u.name, u.hash, u.passwordChangedAt, u.overridePwdPolicy);
        this.repo.addHistory(u.name, u.hash, this.ctx.now());
        this.events.write('Info', `Password of user ${u.name} restored from a configuration by ${actor.userName}`, actor.userName);
        this.sessions.endUser(u.name);
      }
    });
  }

  /** A user the backup lacks (config apply with users): removed under remove's guards (rights-guard.ts). */
  removeRestored(name: string, actor: Principal): void {
    this.remove(name, actor);
  }
}
