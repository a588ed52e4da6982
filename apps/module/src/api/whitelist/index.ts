/** IP whitelist calls (002 §7.4): the CSV export and import. The section itself is served by api/sections. */
import { endpoints, ipWhitelistSection, serverMessages, whitelistTexts as t } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound } from '../../errors.ts';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import type { SectionService } from '../../services/sections/section-service.ts';
import type { IpWhitelist } from '../../services/whitelist/ip-whitelist.ts';
import { acceptUploads, type UploadedFile } from '../multipart.ts';
import { handle } from '../registry.ts';

export interface WhitelistApiOptions {
  whitelist: IpWhitelist;
  sections: SectionService;
  events: ModuleEventLog;
}

const FILE_NAME = 'ipWhiteList.csv';

export const whitelistApi: FastifyPluginAsync<WhitelistApiOptions> = async (app, { whitelist, sections, events }) => {
  acceptUploads(app, t.noFile);

  handle(app, endpoints.exportIpWhitelist, ({ principal }) => {
    events.write('Info', `Whitelist exported by ${principal.userName}`, principal.userName);
    return { value: endpoints.ipWhitelistFile.path.replace(':fileName', FILE_NAME) };
  });
  handle(app, endpoints.ipWhitelistFile, ({ params, reply }) => {
    if (params.fileName !== FILE_NAME) throw notFound();
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${FILE_NAME}"`).send(whitelist.csv());
  });

  handle(app, endpoints.uploadIpWhitelist, ({ request, principal }) => {
    const file = request.body as UploadedFile | undefined;
    if (!file || !Buffer.isBuffer(file.data)) throw badRequest(t.noFile);
    const caller = { address: request.ip };
    const next = whitelist.imported(file.data.toString('utf8'), caller);
    sections.save(ipWhitelistSection, next, principal.userName, undefined, caller);
    // The name is the client's: only plain characters reach the log.
    events.write('Info', `Whitelist imported from ${file.fileName.replace(/[^\w. -]/g, '_').slice(0, 64)} by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });
};
