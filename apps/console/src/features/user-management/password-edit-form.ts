/**
 * The password edit form (002 §2.19, §5.11) as schema and layout. Pure, so the rules are tested.
 * Own change (the signed-in user, e.g. admin from the default-password prompt): Current Password,
 * no override, the policy always applies (the module checks it on command/setPassword too).
 */
import { z } from 'zod';
import { PASSWORDS_DO_NOT_MATCH, USER_PASSWORD_LABELS as L, passwordPolicyError, text, userPasswordBody, type PasswordRuleSettings } from '@meter/contract';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { withPasswordChecklist } from './password-checklist.ts';

export function passwordEditSchema(policy: PasswordRuleSettings | undefined, own: boolean) {
  const body = userPasswordBody.shape;
  return z
    .object({
      name: body.name,
      password: body.password,
      repeatPassword: z.string(),
      overridePwdPolicy: body.overridePwdPolicy,
      // Required here: the contract's setPasswordBody takes '' and leaves it to the module to refuse.
      oldPassword: own ? text(L.currentPassword) : z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.repeatPassword !== v.password) ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: PASSWORDS_DO_NOT_MATCH });
      // An empty password already has its required message; without a loaded policy the module decides.
      if (!policy || v.password === '' || (!own && v.overridePwdPolicy)) return;
      const e = passwordPolicyError(policy, v.password);
      if (e) ctx.addIssue({ code: 'custom', path: ['password'], message: e });
    });
}

export type PasswordEditSchema = ReturnType<typeof passwordEditSchema>;
type Name = keyof z.input<PasswordEditSchema> & string;

export const passwordEditValues = (username: string) => ({ name: username, password: '', repeatPassword: '', overridePwdPolicy: false, oldPassword: '' });

const USER: FieldDef<Name> = { name: 'name', label: 'Username', kind: 'text', readOnly: true, autoComplete: 'username' };
const CURRENT: FieldDef<Name> = { name: 'oldPassword', label: L.currentPassword, kind: 'password', autoComplete: 'current-password' };
const PASSWORD: FieldDef<Name> = { name: 'password', label: 'Password', kind: 'password' };
const REPEAT: FieldDef<Name> = { name: 'repeatPassword', label: L.repeatPassword, kind: 'password' };
const OVERRIDE: FieldDef<Name> = { name: 'overridePwdPolicy', label: 'Override Password Policy', kind: 'checkbox' };

/** Own change: the policy always applies; another user's: unless Override Password Policy is ticked. */
export const passwordEditFields = (rules: PasswordRuleSettings | undefined, own: boolean): readonly FieldDef<Name>[] =>
  own ? [USER, CURRENT, withPasswordChecklist(PASSWORD, rules), REPEAT] : [USER, withPasswordChecklist(PASSWORD, rules, 'overridePwdPolicy'), REPEAT, OVERRIDE];

/** command/setPassword names its fields differently from the form. */
export const OWN_PASSWORD_ERROR_ALIASES = { newPassword: 'password', username: 'name' } as const;
