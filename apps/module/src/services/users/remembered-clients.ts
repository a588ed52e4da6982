/**
 * Clients that signed in successfully before (docs/decisions/users-secret-checks-and-sftp-access.md, "Secret checks: per-account
 * throttling"): each good sign-in gives the browser a device token bound to the user name,
 * signed with a random secret of this module (kv, never exported in clear, never in a GET), in
 * an httpOnly, SameSite=Strict cookie sent only to the sign-in path. At its next sign-in the
 * client is counted on its own key, so an attack on the account (its delays, its lockout) does
 * not hold it. Stateless: a token is valid for a year from its issue, and every good sign-in
 * issues a fresh one.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyValueStore } from '../../store/db.ts';

const KV_KEY = 'users.deviceKey';
export const DEVICE_TOKEN_DAYS = 365;
const LIFETIME_MS = DEVICE_TOKEN_DAYS * 24 * 3_600_000;

/** The cookie of one user name in a browser (a browser shared by two users keeps one each). */
export function deviceCookieName(userName: string): string {
  return 'meterDevice_' + createHash('sha256').update(userName, 'utf8').digest('hex').slice(0, 16);
}

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class RememberedClients {
  private secret: Buffer | undefined;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number,
  ) {}

  private mac(userName: string, id: string, issuedAt: string): string {
    this.secret ??= Buffer.from(
      this.kv.getOrInit(KV_KEY, () => randomBytes(32).toString('base64')),
      'base64',
    );
    return createHmac('sha256', this.secret).update(`device\n${userName}\n${id}\n${issuedAt}`, 'utf8').digest('base64url');
  }

  /** A fresh token for a client that just signed in as `userName`. */
  issue(userName: string): string {
    const id = randomBytes(16).toString('base64url');
    const issuedAt = String(Math.floor(this.now() / 1000));
    return `${id}.${issuedAt}.${this.mac(userName, id, issuedAt)}`;
  }

  /** The client's id when `token` is a valid token of `userName`, else null. */
  check(token: string | undefined, userName: string): string | null {
    if (!token || token.length > 200) return null;
    const [id, issuedAt, mac, ...rest] = token.split('.');
    if (!id || !issuedAt || !mac || rest.length > 0 || !/^\d{1,12}$/.test(issuedAt)) return null;
    const age = this.now() - Number(issuedAt) * 1000;
    if (age < -60_000 || age > LIFETIME_MS) return null;
    const expected = Buffer.from(this.mac(userName, id, issuedAt));
    const got = Buffer.from(mac);
    return expected.length === got.length && timingSafeEqual(expected, got) ? id : null;
  }
}
