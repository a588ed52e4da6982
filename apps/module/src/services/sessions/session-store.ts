/**
 * Signed-in sessions, kept in memory like the device's: a reboot (the launcher builds the app
 * again) ends them all. The client holds a random token; the store keeps only its SHA-256, so a
 * memory dump or a log line of the session id does not give a usable token.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Session {
  /** sha256(token), base64url: the session id. */
  id: string;
  userName: string;
  createdAt: number;
  /** The last call that counted as the user's activity (docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session timeout"). */
  lastSeen: number;
  /** Opened with an expired password: it may only change the password or sign out. */
  passwordChangeRequired: boolean;
  /** The user held edit on user configuration at sign-in: the limit never shuts such users out. */
  userManager: boolean;
}

export interface SessionPolicy {
  /** Epoch milliseconds (the module context's clock). */
  now(): number;
  /** General user config maxLoginUser: live sessions of all users together. */
  maxSessions(): number;
  /** Password policy sessionTimeout, minutes of inactivity; 0 = never. */
  timeoutMinutes(): number;
  /** Milliseconds of one of those minutes: 60 000 (tests shorten it, MODULE_SESSION_MINUTE_SECONDS). */
  minuteMs?(): number;
}

export interface CreatedSession {
  token: string;
  session: Session;
  /** Sessions ended to make room (the user's own beyond its share, or another's under maxLoginUser), oldest first. */
  displaced: Session[];
}

/**
 * How many sessions one user with multipleLogin may hold: all but one of maxLoginUser (at least
 * one), so no single user ever holds every place (docs/decisions/users-security-rights-guard-sessions-api-token.md, "Users: security").
 */
export function sessionShare(maxSessions: number): number {
  return Math.max(1, maxSessions - 1);
}

const TOKEN_BYTES = 32;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export class SessionStore {
  private readonly byId = new Map<string, Session>();

  constructor(private readonly policy: SessionPolicy) {}

  private minuteMs(): number {
    return this.policy.minuteMs?.() ?? 60_000;
  }

  /** The inactivity timeout in milliseconds; 0 = never. */
  timeoutMs(): number {
    return this.policy.timeoutMinutes() * this.minuteMs();
  }

  /** How long before its end the console warns: one minute of the timeout's clock. */
  warningMs(): number {
    return this.minuteMs();
  }

  private expired(s: Session, now: number): boolean {
    const timeout = this.timeoutMs();
    return timeout > 0 && now - s.lastSeen >= timeout;
  }

  /** Milliseconds the session has left before its inactivity timeout (Infinity: none). */
  remainingMs(s: Session): number {
    const timeout = this.timeoutMs();
    return timeout > 0 ? Math.max(0, s.lastSeen + timeout - this.policy.now()) : Infinity;
  }

  private purge(now: number): void {
    for (const [id, s] of this.byId) if (this.expired(s, now)) this.byId.delete(id);
  }

  /**
   * Opens a session. Without multipleLogin the user's earlier sessions end (so a user who closed
   * the browser without signing out is not locked out of their own account); with it the user
   * holds at most its share (sessionShare), its oldest session yielding first. When maxLoginUser
   * live sessions exist, room is made by, in turn: the user's own oldest session; the oldest
   * session of the user holding the most (if more than one), so one user's many sessions never
   * shut anybody else out; for a user-management editor, the oldest session of a user who is not
   * one (else the oldest of all), so a full module can always be managed. Failing all, null
   * (refused) and nothing ends.
   */
  create(userName: string, options: { multipleLogin: boolean; passwordChangeRequired?: boolean; userManager?: boolean }): CreatedSession | null {
    const now = this.policy.now();
    this.purge(now);
    const max = this.policy.maxSessions();
    const own = [...this.byId.values()].filter((s) => s.userName === userName).sort((a, b) => a.createdAt - b.createdAt);
    const share = options.multipleLogin ? sessionShare(max) : 1;
    // Without multipleLogin the earlier sessions are replaced, not displaced.
    const replaced = options.multipleLogin ? [] : own.splice(0);
    const displaced = own.splice(0, Math.max(0, own.length - share + 1));
    const leaving = new Set([...replaced, ...displaced].map((s) => s.id));
    while (this.byId.size - leaving.size >= max) {
      const staying = (s: Session) => !leaving.has(s.id);
      const victim = own.shift() ?? this.oldestOfLargestHolder(staying) ?? (options.userManager ? (this.oldest((s) => staying(s) && !s.userManager) ?? this.oldest(staying)) : undefined);
      if (!victim) return null;
      displaced.push(victim);
      leaving.add(victim.id);
    }
    for (const id of leaving) this.byId.delete(id);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const session: Session = {
      id: sessionIdOf(token),
      userName,
      createdAt: now,
      lastSeen: now,
      passwordChangeRequired: options.passwordChangeRequired ?? false,
      userManager: options.userManager ?? false,
    };
    this.byId.set(session.id, session);
    return { token, session, displaced };
  }

  private oldest(match: (s: Session) => boolean): Session | undefined {
    let found: Session | undefined;
    for (const s of this.byId.values()) if (match(s) && (!found || s.createdAt < found.createdAt)) found = s;
    return found;
  }

  /** The oldest session of the user holding the most sessions, when that user holds more than one. */
  private oldestOfLargestHolder(match: (s: Session) => boolean): Session | undefined {
    const byUser = new Map<string, Session[]>();
    for (const s of this.byId.values()) if (match(s)) byUser.set(s.userName, [...(byUser.get(s.userName) ?? []), s]);
    let largest: Session[] = [];
    for (const sessions of byUser.values()) if (sessions.length > largest.length) largest = sessions;
    if (largest.length < 2) return undefined;
    return largest.reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
  }

  /**
   * The live session of a token, or null; an idle one ends. `activity`: the call is the user's
   * own doing, and the inactivity clock restarts; a background poll leaves it running.
   */
  resolve(token: string, activity = false): Session | null {
    return this.resolveId(sessionIdOf(token), activity);
  }

  /** The same by session id (a download ticket names the session, never its token). */
  resolveId(id: string, activity = false): Session | null {
    const s = this.byId.get(id);
    if (!s) return null;
    const now = this.policy.now();
    if (this.expired(s, now)) {
      this.byId.delete(id);
      return null;
    }
    if (activity) s.lastSeen = now;
    return s;
  }

  end(token: string): boolean {
    return this.endId(sessionIdOf(token));
  }

  endId(id: string): boolean {
    return this.byId.delete(id);
  }

  /** Ends every session of a user; returns how many ended. */
  endUser(userName: string): number {
    let n = 0;
    for (const [id, s] of this.byId) {
      if (s.userName === userName) {
        this.byId.delete(id);
        n++;
      }
    }
    return n;
  }

  endAll(): void {
    this.byId.clear();
  }

  /** Live sessions (idle ones are dropped first). */
  count(): number {
    this.purge(this.policy.now());
    return this.byId.size;
  }

  /** Live sessions of one user. */
  countOf(userName: string): number {
    this.purge(this.policy.now());
    let n = 0;
    for (const s of this.byId.values()) if (s.userName === userName) n++;
    return n;
  }
}
