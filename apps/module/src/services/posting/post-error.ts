/**
 * What went wrong with a send, in the words testPoster answers and the health shows: could not
 * connect (refused, reset, another protocol, the module's own port: one text), not found, authentication failed, timed out, or the server's own answer.
 */
import { postingTexts as t } from '@meter/contract';
import { couldNotConnect } from '../outbound/outbound-guard.ts';

export class PostError extends Error {}

/** A target for messages: host:port as the channel's settings name it. */
export const targetOf = (host: string, port: number) => `${host}:${port}`;

/** Node's codes for a server certificate that does not verify (unknown issuer, self-signed, expired, wrong name). */
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

interface NodeError {
  code?: unknown;
  level?: unknown;
  message?: unknown;
}

/** Words for a failure of any of the three clients (node sockets, basic-ftp, ssh2). */
export function reasonOf(err: unknown, target: string, host: string, timeoutSeconds: number): string {
  if (err instanceof PostError) return err.message;
  const e = (err ?? {}) as NodeError;
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (typeof e.code === 'string' && TLS_CODES.test(e.code)) return t.untrusted(target, e.code);
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return t.notFound(host);
  if (e.code === 'ETIMEDOUT' || e.level === 'client-timeout' || /timed? ?out/i.test(message)) return t.timedOut(target, timeoutSeconds);
  if (couldNotConnect(err)) return t.couldNotConnect(target);
  // basic-ftp: 530 Not logged in; ssh2: all configured authentication methods failed.
  if (e.code === 530 || e.level === 'client-authentication') return t.authFailed(target);
  return t.failed(target, message);
}
