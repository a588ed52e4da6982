/** E-mail (001 §7): the SMTP config section, the test mail to one recipient, and the channel's health. */
import { successReply } from '../schemas/common.ts';
import { emailStatus, testEmailBody } from '../schemas/email.ts';
import { smtpSection } from '../sections/email.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const emailEndpoints = {
  smtpConfig: sectionRead('/settings/communication/smtpConfig', smtpSection, read('configuration')),
  saveSmtpConfig: sectionWrite('/settings/communication/smtpConfig', smtpSection, write('configuration')),
  /** Sends a real mail with the saved settings to recipient `channel`; `value` is the Test Result in words. */
  testEmail: ep({ method: 'PATCH', path: '/command/testEmail', body: testEmailBody, reply: successReply, auth: write('configuration') }),
  /** The channel's health (decided: not in the spec): last success, last failure with its reason, mails waiting. */
  emailStatus: ep({ method: 'GET', path: '/command/emailStatus', reply: emailStatus, auth: read('configuration') }),
} as const;
