/**
 * The meter password (001 §7 command/meter/setMeterPassword). The four meter settings sections
 * are served by the generic section handler (api/sections) with the backends of
 * services/meter-settings.
 */
import { endpoints, meterSettingsTexts } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { MeterSettingsService } from '../../services/meter-settings/index.ts';
import { handle } from '../registry.ts';

export interface MeterSettingsApiOptions {
  meterSettings: MeterSettingsService;
}

export const meterSettingsApi: FastifyPluginAsync<MeterSettingsApiOptions> = async (app, { meterSettings: settings }) => {
  handle(app, endpoints.setMeterPassword, async ({ body, principal }) => {
    await settings.changePassword(body.oldPassword, body.newPassword, principal.userName);
    return { value: meterSettingsTexts.passwordUpdated };
  });
};
