import { passwordRuleSettings } from '../schemas/users.ts';
import { SESSION, ep } from './define.ts';

export const passwordHelpEndpoints = {
  // The module's own call (the spec shows none): the password policy's rules on a password's text,
  // for the checklist of every password screen. Any session may ask, one held on Change Password
  // included: a user choosing their own password must see the rules, whatever their role.
  passwordRules: ep({ method: 'GET', path: '/users/passwordRules', reply: passwordRuleSettings, auth: SESSION, duringPasswordChange: true }),
} as const;
