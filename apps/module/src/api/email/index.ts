/** E-mail (001 §7): testEmail and the channel's health; the SMTP config section itself is served by api/sections. */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { EmailService } from '../../services/email/index.ts';
import { handle } from '../registry.ts';

export const emailApi: FastifyPluginAsync<{ email: EmailService }> = async (app, { email }) => {
  handle(app, endpoints.testEmail, async ({ body, principal }) => ({ value: await email.test(body.channel, principal.userName) }));
  handle(app, endpoints.emailStatus, () => email.status());
};
