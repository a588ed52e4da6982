/** BACnet/IP (001 §7): the EPICS file download; the config section itself is served by api/sections. */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { EPICS_FILE_NAME, type BacnetService } from '../../services/bacnet/index.ts';
import { handle } from '../registry.ts';

export const bacnetApi: FastifyPluginAsync<{ bacnet: BacnetService }> = async (app, { bacnet }) => {
  handle(app, endpoints.bacnetEpics, ({ reply }) =>
    reply.type('text/plain; charset=utf-8').header('Content-Disposition', `attachment; filename="${EPICS_FILE_NAME}"`).send(bacnet.epics()),
  );
};
