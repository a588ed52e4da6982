/** Network page commands (002 §7.1): interface status, WiFi scan, the 802.1X check, emergency SSH. The sections are served by api/sections. */
import { endpoints, serverMessages, sshSection } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { NetworkService } from '../../services/network/network-service.ts';
import type { SectionService } from '../../services/sections/section-service.ts';
import { handle } from '../registry.ts';

export interface NetworkApiOptions {
  network: NetworkService;
  sections: SectionService;
}

export const networkApi: FastifyPluginAsync<NetworkApiOptions> = async (app, { network, sections }) => {
  handle(app, endpoints.getIp, () => network.ipStatus());
  handle(app, endpoints.getSsid, () => network.scan());
  handle(app, endpoints.getIpv6, () => network.ipv6State());
  handle(app, endpoints.check8021xSupport, ({ body }) => ({ value: network.supports8021x(body.input) }));
  // The same switch as Management's SSH setting: saved (audited) and applied by its backend.
  handle(app, endpoints.emergencySshEnable, ({ principal }) => {
    sections.save(sshSection, { enable: 1 }, principal.userName);
    return { value: serverMessages.success };
  });
};
