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
}

export interface CreatedSession {
  token: string;
  session: Session;
  /** The session ended to make room under maxLoginUser, if one was. */
  displaced?: Session;
}

const TOKEN_BYTES = 32;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export class SessionStore {
  private readonly byId = new Map<string, Session>();

  constructor(private readonly policy: SessionPolicy) {}

  private expired(s: Session, now: number): boolean {
    const minutes = this.policy.timeoutMinutes();
    return minutes > 0 && now - s.lastSeen >= minutes * 60_000;
  }

  private purge(now: number): void {
    for (const [id, s] of this.byId) if (this.expired(s, now)) this.byId.delete(id);
  }

  /**
   * Opens a session. Without multipleLogin the user's earlier sessions end (they count as freed
   * for the limit), so a user who closed the browser without signing out is not locked out of
   * their own account. When maxLoginUser live sessions exist, the user's own oldest session ends
   * to make room; failing that, a user-management editor ends the oldest session of a user who is
   * not one (else the oldest of all), so a full module can always be managed; anybody else gets
   * null (refused).
   */
  create(userName: string, options: { multipleLogin: boolean; passwordChangeRequired?: boolean; userManager?: boolean }): CreatedSession | null {
    const now = this.policy.now();
    this.purge(now);
    const own = options.multipleLogin ? 0 : this.countOf(userName);
    let displaced: Session | undefined;
    if (this.byId.size - own >= this.policy.maxSessions()) {
      displaced = this.oldest((s) => s.userName === userName);
      if (!displaced && options.userManager) displaced = this.oldest((s) => !s.userManager) ?? this.oldest(() => true);
      if (!displaced) return null;
      this.byId.delete(displaced.id);
    }
    if (!options.multipleLogin) this.endUser(userName);
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
    return displaced ? { token, session, displaced } : { token, session };
  }

  private oldest(match: (s: Session) => boolean): Session | undefined {
    let found: Session | undefined;
    for (const s of this.byId.values()) if (match(s) && (!found || s.createdAt < found.createdAt)) found = s;
    return found;
  }

  /** The live session of a token (its inactivity clock restarts), or null; an idle one ends. */
  resolve(token: string): Session | null {
    return this.resolveId(sessionIdOf(token));
  }

  /** The same by session id (a download ticket names the session, never its token). */
  resolveId(id: string): Session | null {
    const s = this.byId.get(id);
    if (!s) return null;
    const now = this.policy.now();
    if (this.expired(s, now)) {
      this.byId.delete(id);
      return null;
    }
    s.lastSeen = now;
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
