/**
 * The meter password (001 §7 command/meter/setMeterPassword). The four meter settings sections
 * (settings/meter, alarmConfig, ioConfig, userCtConfig) are served by the generic section
 * handler (api/sections) with the backends of services/meter-settings.
 */
import { endpoints, meterSettingsTexts } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { handle } from '../registry.ts';

export function meterSettingsRoutes(app: FastifyInstance, s: Services): void {
  const settings = s.meterSettings;

  handle(app, endpoints.setMeterPassword, async ({ body, principal }) => {
    await settings.changePassword(body.oldPassword, body.newPassword, principal?.userName ?? 'unknown');
    return { value: meterSettingsTexts.passwordUpdated };
  });
}
