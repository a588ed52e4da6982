/**
 * Sign-in and sign-out (000 §4, §7 users/authenticate, §8): the password check, lockout after
 * failed attempts, password expiry and its grace period, and the caller behind a live session.
 * Lockout state lives in SQLite (it survives a restart); sessions live in the SessionStore.
 */
import { ADMIN_USER_NAME, hasAccess, permissionFromFlags, serverMessages, type PasswordPolicy, type SessionUser } from '@meter/contract';
import { createHmac, randomBytes } from 'node:crypto';
import type { Principal } from '../../context.ts';
import { ApiError, unauthorized } from '../../errors.ts';
import type { KeyValueStore } from '../../store/db.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { CreatedSession, SessionStore } from '../sessions/session-store.ts';
import type { SecretThrottle } from '../throttle/secret-throttle.ts';
import { RememberedClients } from './remembered-clients.ts';
import { DAY_MS } from './password-rules.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { NO_FAILURES, failStateOf, lockActive, roleOf, type FailState, type UserRepository } from './user-repository.ts';
import type { UserSettings } from './user-settings.ts';

/** Failed-attempt states kept for unknown user names, so they lock out like real ones (bounded). */
const PHANTOM_LIMIT = 50_000;
/** Failed-attempt states of remembered clients (in memory; only valid device tokens reach it). */
const DEVICE_STATES_LIMIT = 1000;
/** The device secret that keys them (kv): the store never holds a typed name, which may be a password. */
const KV_PHANTOM_KEY = 'users.unknownNameKey';

/**
 * One failed attempt under the policy. The count starts at the first failure and resets once the
 * window has passed (window 0: never resets); reaching maxFailedAttempts locks (0: never locks)
 * for failedLoginWaitSeconds (0: until an administrator unlocks) and restarts the count.
 */
export function registerFailure(s: FailState, policy: PasswordPolicy, now: number): { state: FailState; locked: boolean } {
  if (policy.maxFailedAttempts === 0) return { state: { ...NO_FAILURES }, locked: false };
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

/** The lockout refusal; while the wait runs out by itself, Retry-After says when (the sign-in page counts it down). */
function lockedOut(lockedUntil: number, now: number): ApiError {
  return new ApiError(401, serverMessages.lockedOut, undefined, lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : undefined);
}

/**
 * The refusal of a wrong password (or an unknown name) while the policy locks: it says how many
 * failures are left before the lockout. Unknown names count like real ones, so the count tells
 * nothing the lockout itself would not (docs/decisions/users-sign-in-page-and-password-help.md, "Remaining attempts").
 */
function incorrect(s: FailState, policy: PasswordPolicy): ApiError {
  const error = unauthorized(serverMessages.incorrectCredentials);
  if (policy.maxFailedAttempts > 0) error.attemptsLeft = Math.max(0, policy.maxFailedAttempts - s.failedCount);
  return error;
}

type Outcome = { ok: true; user: SessionUser } | { ok: false; error: ApiError };

/** A good sign-in: the reply, and the device token the client keeps for its next one. */
export interface SignedIn {
  user: SessionUser;
  device: string;
}

export class SignIn {
  private phantomSecret: Buffer | undefined;
  readonly remembered: RememberedClients;
  /** The policy's failure count and lockout of each remembered client, apart from its account's. */
  private readonly deviceStates = new Map<string, FailState>();

  constructor(
    private readonly repo: UserRepository,
    private readonly settings: UserSettings,
    private readonly sessions: SessionStore,
    private readonly events: ModuleEventLog,
    private readonly now: () => number,
    private readonly throttle: SecretThrottle,
    private readonly kv: KeyValueStore,
  ) {
    this.remembered = new RememberedClients(kv, now);
  }

  /**
   * 000 §7 users/authenticate. A wrong user name and a wrong password cost one scrypt each and
   * give the same reply. Locks answer 401 with a text containing 'locked by administrator' (the
   * console's marker, 000 §8). A client holding a valid device token of this name (a good
   * sign-in before) is counted apart: the account's delays and failed-attempt lockout, which
   * anyone can run up, do not hold it; its own failures delay and lock it alone.
   */
  async authenticate(username: string, password: string, deviceToken?: string): Promise<SignedIn> {
    const deviceId = this.remembered.check(deviceToken, username);
    const key = deviceId ? this.throttle.deviceKey(username, deviceId) : this.throttle.accountKey(username);
    const counted = { bucket: !deviceId };
    // Before anything about the name is read: a waiting account learns nothing, known name or not.
    this.throttle.begin(key, counted);
    const before = this.repo.user(username);
    const verified = await verifyPassword(password, before?.password_hash ?? (await dummyHash()));
    if (verified) this.throttle.succeeded(key, counted);
    const policy = this.settings.passwordPolicy();
    const now = this.now();
    let created: CreatedSession | null = null;
    let outcome: Outcome;
    // Written after the transaction, each on its own: a full disk loses them, not the sign-in
    // (SQLite undoes a whole transaction on SQLITE_FULL; docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Full disk").
    const notes: Parameters<ModuleEventLog['write']>[] = [];
    const note = (...entry: Parameters<ModuleEventLog['write']>) => void notes.push(entry);
    const afterwards: (() => void)[] = [];
    try {
      outcome = this.repo.tx((): Outcome => {
        const row = this.repo.user(username);
        if (!row) return this.phantomFailure(username, policy, now, note);
        // The password changed while it was being checked: the check was against the old one.
        const ok = verified && row.password_hash === before?.password_hash;
        let state = deviceId ? (this.deviceStates.get(key) ?? { ...NO_FAILURES }) : failStateOf(row);
        const writeState = (next: FailState) => (deviceId ? this.setDeviceState(key, next) : this.repo.writeFailState(row.name, next));
        if (lockActive(state, now)) {
          note('Error', `Sign-in refused for user ${row.name}: account locked after failed attempts`, row.name);
          return { ok: false, error: lockedOut(state.lockedUntil, now) };
        }
        if (state.lockedUntil !== 0) state = { ...NO_FAILURES }; // the wait is over
        if (!ok) {
          const r = registerFailure(state, policy, now);
          writeState(r.state);
          if (r.locked) {
            const until = r.state.lockedUntil === -1 ? 'until an administrator unlocks it' : `for ${policy.failedLoginWaitSeconds} s`;
            note('Critical', `User ${row.name} locked out after ${policy.maxFailedAttempts} failed sign-in attempts, ${until}`, row.name);
            return { ok: false, error: lockedOut(r.state.lockedUntil, now) };
          }
          note('Error', `Sign-in failed for user ${row.name}: incorrect password`, row.name);
          return { ok: false, error: incorrect(r.state, policy) };
        }
        // The password is right from here on: the failure count restarts whatever follows. Not
        // needed to sign in: a full disk keeps the old count (docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Full disk").
        // A remembered client's success restarts its own count, not the account's (an attack may be on).
        if (deviceId) this.deviceStates.delete(key);
        else if (row.failed_count !== 0 || row.first_failed_at !== 0 || row.locked_until !== 0) afterwards.push(() => this.repo.writeFailState(row.name, NO_FAILURES));
        if (row.status === 1) {
          note('Error', `Sign-in refused for user ${row.name}: account locked by administrator`, row.name);
          return { ok: false, error: unauthorized(serverMessages.lockedByAdministrator) };
        }
        let mustChange = row.is_default === 1;
        const expiresAt = row.password_changed_at + policy.pwdExpireDays * DAY_MS;
        const expired = policy.pwdExpireDays > 0 && now >= expiresAt;
        // A default flag set by unlocking an expired account is not checked again: that sign-in is the one allowed.
        if (!mustChange && expired) {
          const inGrace = policy.gracePeriodDays > 0 && now < expiresAt + policy.gracePeriodDays * DAY_MS;
          // User admin is never locked (nobody could unlock it): it must change the password instead.
          if (inGrace || row.name === ADMIN_USER_NAME) mustChange = true;
          else {
            this.repo.lockUser(row.name);
            note('Critical', `User ${row.name} locked: password expired`, row.name);
            return { ok: false, error: unauthorized(serverMessages.passwordExpired) };
          }
        }
        // A default or expired password confines the session to the change (docs/decisions/users-passwords-and-lockout.md).
        const role = this.repo.role(row.access_level);
        if (!role) return { ok: false, error: unauthorized(serverMessages.incorrectCredentials) };
        const permission = permissionFromFlags(roleOf(role));
        created = this.sessions.create(row.name, {
          multipleLogin: row.multiple_login === 1,
          passwordChangeRequired: mustChange,
          userManager: hasAccess(permission, 'userConfig', 'write'),
        });
        if (!created) {
          note('Error', `Sign-in refused for user ${row.name}: maximum number of concurrent logins reached`, row.name);
          return { ok: false, error: new ApiError(429, serverMessages.tooManySessions) };
        }
        for (const ended of created.displaced)
          note('Info', `Session of user ${ended.userName} ended: maximum number of concurrent logins reached at sign-in of user ${row.name}`, row.name);
        afterwards.push(() => this.repo.setLastLogin(row.name, now));
        note('Info', `User ${row.name} signed in${mustChange ? ' (password change required)' : ''}`, row.name);
        return {
          ok: true,
          user: {
            token: created.token,
            userName: row.name,
            accessLevel: row.access_level,
            permission,
            // 000 §3's flag: the password is a default one (docs/decisions/users-passwords-and-lockout.md); an expired one is not.
            default: row.is_default === 1,
            passwordChangeRequired: mustChange,
          },
        };
      });
    } catch (err) {
      // A session opened inside a transaction that then failed must not outlive it.
      const c = created as CreatedSession | null;
      if (c) this.sessions.endId(c.session.id);
      throw err;
    }
    for (const write of afterwards) this.repo.tryWrite(write);
    for (const entry of notes) this.events.write(...entry);
    if (!outcome.ok) throw outcome.error;
    return { user: outcome.user, device: this.remembered.issue(outcome.user.userName) };
  }

  private setDeviceState(key: string, state: FailState): void {
    this.deviceStates.delete(key);
    this.deviceStates.set(key, state);
    for (const stalest of this.deviceStates.keys()) {
      if (this.deviceStates.size <= DEVICE_STATES_LIMIT) break;
      this.deviceStates.delete(stalest);
    }
  }

  /**
   * Unknown user names count failures and lock out like real accounts, in SQLite as theirs are
   * (a restart keeps both), so neither the reply nor a lockout tells which names exist. The name
   * is neither logged nor stored: it may be a password typed into the wrong field.
   */
  private phantomFailure(username: string, policy: PasswordPolicy, now: number, note: (...entry: Parameters<ModuleEventLog['write']>) => void): Outcome {
    this.phantomSecret ??= Buffer.from(
      this.kv.getOrInit(KV_PHANTOM_KEY, () => randomBytes(32).toString('base64')),
      'base64',
    );
    const key = createHmac('sha256', this.phantomSecret).update(username, 'utf8').digest('base64url');
    let state = this.repo.unknownNameState(key);
    if (lockActive(state, now)) {
      this.repo.writeUnknownNameState(key, state, now, PHANTOM_LIMIT, policy.failedLoginAttemptWindowsSeconds * 1000);
      note('Error', 'Sign-in failed: unknown user name');
      return { ok: false, error: lockedOut(state.lockedUntil, now) };
    }
    if (state.lockedUntil !== 0) state = { ...NO_FAILURES };
    const r = registerFailure(state, policy, now);
    this.repo.writeUnknownNameState(key, r.state, now, PHANTOM_LIMIT, policy.failedLoginAttemptWindowsSeconds * 1000);
    note('Error', 'Sign-in failed: unknown user name');
    return { ok: false, error: r.locked ? lockedOut(r.state.lockedUntil, now) : incorrect(r.state, policy) };
  }

  logout(principal: Principal): void {
    if (principal.sessionId) this.sessions.endId(principal.sessionId);
    this.events.write('Info', `User ${principal.userName} signed out`, principal.userName);
  }

  /** The caller behind a live session, with the permission of the user's current role. */
  principalOf(userName: string): Principal | null {
    const row = this.repo.user(userName);
    if (!row || row.status === 1) return null;
    const role = this.repo.role(row.access_level);
    if (!role) return null;
    return { kind: 'user', userName: row.name, accessLevel: row.access_level, permission: permissionFromFlags(roleOf(role)) };
  }
}
