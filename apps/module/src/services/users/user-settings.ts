/**
 * The settings of user management (002 §3.16, §7.9): the password policy, the general user
 * configuration (maxLoginUser; sessionTimeout is the policy's) and the API token. Kept in the
 * key-value store; read live on every use, so a save takes effect at once — except the password
 * policy, which every authenticated request asks for its session timeout: it is kept in memory
 * between saves (a settings read and a JSON parse per request on the event loop otherwise).
 */
import { DEFAULT_MAX_LOGIN_USER, DEFAULT_PASSWORD_POLICY, generalUserConfig, type GeneralUserConfig, type PasswordPolicy } from '@meter/contract';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ModuleContext, Principal } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { auditChanges } from '../sections/audit.ts';
import type { Revisions } from '../sections/revision.ts';

export const KV_PASSWORD_POLICY = 'users.passwordPolicy';
export const KV_GENERAL = 'users.general';
export const KV_API_TOKEN = 'users.apiToken';
/** The users who have read the live API token (docs/decisions/users-security-rights-guard-sessions-api-token.md, "Users: security"). */
export const KV_API_TOKEN_READERS = 'users.apiTokenReaders';

/** Constant-time string comparison: hashing first gives equal lengths and no early exit. */
function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

export class UserSettings {
  /** The password policy as last read outside a transaction; dropped by every save. */
  private policy: PasswordPolicy | undefined;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly events: ModuleEventLog,
    private readonly revisions: Revisions,
    /** The user exists, is not locked by an administrator, and holds user-management bits. */
    private readonly mayReadApiToken: (name: string) => boolean,
  ) {}

  private tx(fn: () => void): void {
    this.ctx.db.transaction(fn)();
  }

  passwordPolicy(): PasswordPolicy {
    // Inside a transaction the value read may yet be rolled back: read, never remembered.
    const inTransaction = this.ctx.db.inTransaction;
    if (this.policy && !inTransaction) return { ...this.policy };
    const stored = this.ctx.kv.getOrInit<PasswordPolicy>(KV_PASSWORD_POLICY, () => ({ ...DEFAULT_PASSWORD_POLICY }));
    const policy = { ...DEFAULT_PASSWORD_POLICY, ...stored };
    if (!inTransaction) this.policy = policy;
    return { ...policy };
  }

  /** Inside the section store's transaction, which writes the module event log entries. */
  savePasswordPolicy(policy: PasswordPolicy): void {
    this.policy = undefined;
    this.ctx.kv.set(KV_PASSWORD_POLICY, { ...policy });
  }

  /** maxLoginUser, and sessionTimeout which is the password policy's (one setting, two screens). */
  generalConfig(): GeneralUserConfig {
    const stored = this.ctx.kv.getOrInit<{ maxLoginUser: number }>(KV_GENERAL, () => ({ maxLoginUser: DEFAULT_MAX_LOGIN_USER }));
    return { maxLoginUser: stored.maxLoginUser ?? DEFAULT_MAX_LOGIN_USER, sessionTimeout: this.passwordPolicy().sessionTimeout };
  }

  /** The revision (ETag) of the general config: its session timeout is the policy's, so a policy save changes it too. */
  generalConfigRevision(): string {
    return this.revisions.of(this.generalConfig());
  }

  /** `ifRevision` (If-Match): the revision the edit is based on; another one is 409. Returns the new revision. */
  saveGeneralConfig(config: GeneralUserConfig, actor: Principal, ifRevision?: readonly string[]): string {
    this.tx(() => {
      const before = this.generalConfig();
      this.revisions.check(before, ifRevision);
      this.ctx.kv.set(KV_GENERAL, { maxLoginUser: config.maxLoginUser });
      this.policy = undefined;
      this.ctx.kv.set(KV_PASSWORD_POLICY, { ...this.passwordPolicy(), sessionTimeout: config.sessionTimeout });
      this.events.write('Info', `General user configuration saved by ${actor.userName}`, actor.userName);
      auditChanges(this.events, 'General user configuration', generalUserConfig, before, config, actor.userName);
    });
    return this.generalConfigRevision();
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

  /** The token for a user who reads it (command/getApiToken): the reader is remembered until the next reset. */
  apiTokenFor(reader: string): string {
    let token = '';
    this.tx(() => {
      token = this.apiToken();
      const readers = this.apiTokenReaders();
      if (!readers.includes(reader)) this.ctx.kv.set(KV_API_TOKEN_READERS, [...readers, reader]);
    });
    return token;
  }

  private apiTokenReaders(): string[] {
    return this.ctx.kv.get<string[]>(KV_API_TOKEN_READERS) ?? [];
  }

  regenerateApiToken(actor: Principal): void {
    this.tx(() => {
      this.replaceApiToken();
      this.events.write('Info', `API token reset by ${actor.userName}`, actor.userName);
    });
  }

  private replaceApiToken(): void {
    this.ctx.kv.set(KV_API_TOKEN, randomBytes(32).toString('base64url'));
    this.ctx.kv.set(KV_API_TOKEN_READERS, []);
  }

  /**
   * Inside a change's transaction (a lock, a removal, a role change or a role edit): when a user
   * who has read the live token may no longer read it (removed, locked, or without
   * user-management bits), the token is replaced, so what that user knows opens nothing.
   */
  revokeApiTokenIfReaderLeft(actor: Principal): void {
    const left = this.apiTokenReaders().filter((name) => !this.mayReadApiToken(name));
    if (left.length === 0) return;
    this.replaceApiToken();
    this.events.write('Info', `API token reset: user ${left.join(', ')}, who had read it, may no longer read it (change by ${actor.userName})`, actor.userName);
  }

  /** Constant-time comparison with the API token. */
  isApiToken(token: string): boolean {
    return safeEqual(token, this.apiToken());
  }
}
