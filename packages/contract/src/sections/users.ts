/** Sections of the user management area (002 §2.18). */
import { userManagementTexts } from '../messages.ts';
import { DEFAULT_PASSWORD_POLICY, passwordPolicy } from '../schemas/users.ts';
import { defineSection } from './section.ts';

/** Applied at once: the next sign-in, password change and session check read it. */
export const passwordPolicySection = defineSection({
  key: 'passwordPolicy',
  title: 'Password policy',
  context: 'none',
  body: () => passwordPolicy,
  data: passwordPolicy,
  savedMessage: userManagementTexts.passwordPolicySaved,
  defaults: () => ({ ...DEFAULT_PASSWORD_POLICY }),
});
