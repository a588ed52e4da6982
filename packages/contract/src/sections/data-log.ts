/** The data log settings (002 §3.4) and the SFTP access settings (§3.5). */
import { dataLogTexts } from '../messages.ts';
import { dataLogConfigData, dataLogConfigSchema, sftpConfigData, sftpConfigSchema } from '../schemas/data-log-settings.ts';
import { defineSection } from './section.ts';

export const dataLogSection = defineSection({
  key: 'dataLogConfig',
  title: dataLogTexts.settingsTitle,
  context: 'meter',
  body: dataLogConfigSchema,
  data: dataLogConfigData,
  reboot: true,
  savedMessage: dataLogTexts.saved,
});

export const sftpSection = defineSection({
  key: 'sftpConfig',
  title: dataLogTexts.sftpTitle,
  context: 'none',
  body: () => sftpConfigSchema,
  data: sftpConfigData,
  reboot: true,
  savedMessage: dataLogTexts.saved,
  defaults: () => ({ enable: false, port: 22 }),
});
