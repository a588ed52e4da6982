/** SNMP (002 §7.3): the MIB file download; the config section itself is served by api/sections. */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { SnmpService } from '../../services/snmp/index.ts';
import { MIB_MODULE } from '../../services/snmp/oid-table.ts';
import { handle } from '../registry.ts';

export const snmpApi: FastifyPluginAsync<{ snmp: SnmpService }> = async (app, { snmp }) => {
  handle(app, endpoints.snmpMib, ({ reply }) => reply.type('text/plain; charset=utf-8').header('Content-Disposition', `attachment; filename="${MIB_MODULE}.txt"`).send(snmp.mib()));
};
