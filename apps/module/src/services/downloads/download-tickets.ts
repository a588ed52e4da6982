/**
 * Download tickets (docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Download tickets"): a file the browser opens by itself
 * (a link) cannot carry the Authorization header, and a session token in its URL would reach
 * browser history, proxies and logs. The console asks for a ticket instead: random, good for
 * one request of one path, for the session that asked, for a few seconds. Kept in memory like
 * the sessions (a reboot ends both); only the ticket's hash is kept.
 */
import { API_PREFIX, endpoints, type Endpoint } from '@meter/contract';
import { createHash, randomBytes } from 'node:crypto';

/** Long enough for a click to become a request on a slow link; short enough to be useless later. */
export const DEFAULT_TICKET_SECONDS = 30;
/** Unused tickets kept at most (the oldest dropped): a client asking in a loop cannot grow memory. */
const MAX_OPEN_TICKETS = 1000;

interface Ticket {
  sessionId: string;
  path: string;
  expiresAt: number;
}

/** The paths of the GET endpoints that reply with a file: only those are opened by tickets. */
function fileRoutes(): RegExp[] {
  return (Object.values(endpoints) as Endpoint[])
    .filter((e) => e.method === 'GET' && e.file)
    .map((e) => new RegExp(`^${API_PREFIX}${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`));
}

const hash = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('base64url');

export class DownloadTickets {
  private readonly open = new Map<string, Ticket>();
  private readonly routes = fileRoutes();

  constructor(
    private readonly now: () => number,
    readonly seconds = DEFAULT_TICKET_SECONDS,
  ) {}

  /** Whether a path (as the browser will send it, percent-encoded) is one of the file downloads. */
  isDownload(path: string): boolean {
    return this.routes.some((r) => r.test(path));
  }

  issue(sessionId: string, path: string): { ticket: string; expiresInSeconds: number } {
    const now = this.now();
    for (const [k, t] of this.open) if (t.expiresAt <= now) this.open.delete(k);
    // The oldest go first (a Map iterates in insertion order).
    for (const k of this.open.keys()) {
      if (this.open.size < MAX_OPEN_TICKETS) break;
      this.open.delete(k);
    }
    const ticket = randomBytes(24).toString('base64url');
    this.open.set(hash(ticket), { sessionId, path, expiresAt: now + this.seconds * 1000 });
    return { ticket, expiresInSeconds: this.seconds };
  }

  /**
   * The session a ticket opens `path` for, or null. Any use spends the ticket, a wrong path
   * included: a guessed or leaked ticket gets one try.
   */
  redeem(ticket: string, path: string): string | null {
    const key = hash(ticket);
    const t = this.open.get(key);
    if (!t) return null;
    this.open.delete(key);
    return t.path === path && this.now() < t.expiresAt ? t.sessionId : null;
  }
}
