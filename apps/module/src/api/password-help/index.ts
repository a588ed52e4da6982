/** The password policy's text rules for the console's checklist (docs/decisions/users-sign-in-page-and-password-help.md, "Sign-in and passwords"). */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { UserSettings } from '../../services/users/index.ts';
import { handle } from '../registry.ts';

export interface PasswordHelpApiOptions {
  settings: UserSettings;
}

export const passwordHelpApi: FastifyPluginAsync<PasswordHelpApiOptions> = async (app, { settings }) => {
  handle(app, endpoints.passwordRules, () => {
    const { pwdLength, needUpperLower, needNumberLetter, needSpecialCharacter } = settings.passwordPolicy();
    return { pwdLength, needUpperLower, needNumberLetter, needSpecialCharacter };
  });
};
