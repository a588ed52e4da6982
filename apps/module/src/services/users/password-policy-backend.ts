/**
 * The password policy (002 §5.11) as a backend of the generic section store. Kept by the user
 * service; sign-in, password changes and the session store read it on every use, so a save
 * takes effect at once and needs no side effect here.
 */
import type { PasswordPolicy } from '@meter/contract';
import type { SectionBackend } from '../sections/section-backend.ts';
import type { UserSettings } from './user-settings.ts';

export function passwordPolicyBackend(settings: UserSettings): SectionBackend<PasswordPolicy> {
  return {
    read: () => settings.passwordPolicy(),
    write: (next) => settings.savePasswordPolicy(next),
  };
}
