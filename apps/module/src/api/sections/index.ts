/**
 * Settings sections (contract `sections/`): every endpoint pair that points at a section the
 * section service serves gets the generic GET (data with secrets blanked, the revision as ETag)
 * and PUT (If-Match, validation and save by the service). Through `handle()`, so the permission
 * hook and the error shape are the ones of every other call.
 */
import { endpoints, serverMessages, type Endpoint } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { SectionService } from '../../services/sections/section-service.ts';
import { unauthorized } from '../../errors.ts';
import { handle } from '../registry.ts';
import { ifRevisionOf, sendRevision } from '../revision.ts';

export interface SectionsApiOptions {
  sections: SectionService;
  /** The contract's endpoints unless told (a test serves the pair of a fixture section). */
  table?: readonly Endpoint[];
}

export const sectionsApi: FastifyPluginAsync<SectionsApiOptions> = async (app, { sections, table = Object.values(endpoints) }) => {
  for (const endpoint of table) {
    const section = endpoint.section;
    if (!section || !sections.serves(section)) continue;
    if (endpoint.auth.kind === 'public') throw new Error(`${endpoint.method} ${endpoint.path}: settings are never public`);
    if (endpoint.method === 'GET') {
      handle(app, endpoint, ({ reply }) => {
        const { data, revision } = sections.read(section);
        sendRevision(reply, revision);
        return data;
      });
    } else if (endpoint.method === 'PUT') {
      handle(
        app,
        endpoint,
        ({ body, request, reply, principal }) => {
          // Never public (checked above): the auth hook has resolved the caller.
          if (!principal) throw unauthorized();
          const { revision } = sections.save(section, body, principal.userName, ifRevisionOf(request), { address: request.ip });
          sendRevision(reply, revision);
          return { value: serverMessages.success };
        },
        { rawBody: true },
      );
    }
  }
};
