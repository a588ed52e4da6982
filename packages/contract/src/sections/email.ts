/** The e-mail (SMTP) config (001): saved with 'Email config saved', then the reboot prompt (001 §4). */
import { emailTexts } from '../messages.ts';
import { smtpConfig, SMTP_DEFAULT_PORT, SMTP_SECURITY, type SmtpConfig } from '../schemas/email.ts';
import { defineSection } from './section.ts';

export const DEFAULT_SMTP_CONFIG = (): SmtpConfig => ({
  enable: 0,
  smtpServer: '',
  smtpPort: SMTP_DEFAULT_PORT,
  isTLSSSLOn: SMTP_SECURITY.none,
  smtpFrom: '',
  smtpSubject: '',
  isAuthOn: 0,
  smtpUserName: '',
  smtpPassword: '',
  smtpToAddress1: '',
  smtpToAddress2: '',
  smtpToAddress3: '',
  sendStartTime: '',
  smtpSendingInterval: 60,
  realTimeSending: 0,
  energySending: 0,
  alarmSending: 0,
  demandSending: 0,
  sysEventSending: 0,
  diSending: 0,
  alarmTriggered: 0,
  sysEventTriggered: 0,
});

export const smtpSection = defineSection({
  key: 'smtpConfig',
  title: emailTexts.settingsTitle,
  context: 'none',
  body: () => smtpConfig,
  data: smtpConfig,
  reboot: true,
  savedMessage: emailTexts.saved,
  defaults: DEFAULT_SMTP_CONFIG,
});
