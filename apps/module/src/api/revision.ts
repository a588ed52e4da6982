/**
 * Revisions on the wire (docs/decisions/settings-sections-revision-audit-secrets.md and users-security-rights-guard-sessions-api-token.md): a GET
 * names the object's revision in ETag, a save may name the revision it edited in If-Match.
 */
import { IF_REVISION_HEADER, REVISION_HEADER } from '@meter/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The revisions an If-Match header names; undefined when absent or '*' (no check). */
export function revisionsOf(header: string | string[] | undefined): string[] | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') return undefined;
  const tags = value.split(',').map((t) =>
    t
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1'),
  );
  return tags.includes('*') ? undefined : tags;
}

/** The revisions the request's If-Match names (undefined: no check). */
export const ifRevisionOf = (request: FastifyRequest) => revisionsOf(request.headers[IF_REVISION_HEADER]);

/** Names the object's revision in the reply's ETag. */
export function sendRevision(reply: FastifyReply, revision: string): void {
  reply.header(REVISION_HEADER, `"${revision}"`);
}
