/**
 * Meter settings (001 §7): settings/meter, alarmConfig, ioConfig, userCtConfig and the meter
 * password. A PUT is validated with the contract's schema factory under the live device state —
 * the same rules and messages the console's form runs — then saved by the service.
 */
import { endpoints, meterSettingsTexts, serverMessages, type MeterSettingsSection } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { MeterSettingsService } from '../../services/meter-settings/index.ts';
import { handle } from '../registry.ts';

export interface MeterSettingsApiOptions {
  meterSettings: MeterSettingsService;
}

export const meterSettingsApi: FastifyPluginAsync<MeterSettingsApiOptions> = async (app, { meterSettings: settings }) => {
  const put = (section: MeterSettingsSection) => ({ bodySchema: () => settings.schema(section) });
  const save = (section: MeterSettingsSection) => (input: { body: unknown; principal: { userName: string } | null }) => {
    settings.save(section, input.body, input.principal?.userName ?? 'unknown');
    return { value: serverMessages.success };
  };

  handle(app, endpoints.meterSettings, () => settings.general());
  handle(app, endpoints.saveMeterSettings, save('general'), put('general'));
  handle(app, endpoints.alarmConfig, () => settings.alarm());
  handle(app, endpoints.saveAlarmConfig, save('alarm'), put('alarm'));
  handle(app, endpoints.ioConfig, () => settings.io());
  handle(app, endpoints.saveIoConfig, save('io'), put('io'));
  handle(app, endpoints.userCtConfig, () => settings.userCt());
  handle(app, endpoints.saveUserCtConfig, save('userCt'), put('userCt'));

  handle(app, endpoints.setMeterPassword, async ({ body, principal }) => {
    await settings.changePassword(body.oldPassword, body.newPassword, principal?.userName ?? 'unknown');
    return { value: meterSettingsTexts.passwordUpdated };
  });
};
