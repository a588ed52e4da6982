/**
 * The user and role forms (002 §2.17, §5.11) as schemas and layouts. Pure, so the rules are
 * tested: a new user's repeat must match ("Passwords do not match") and, unless overridden, the
 * password meets the loaded policy; roles carry the four levels (edit, view, none).
 */
import { z } from 'zod';
import {
  PASSWORDS_DO_NOT_MATCH,
  USER_PASSWORD_LABELS,
  passwordPolicyError,
  role,
  userAddBody,
  userConfigBody,
  type PasswordRuleSettings,
  type Role,
  type UserAddBody,
  type UserListEntry,
} from '@meter/contract';
import type { FieldDef, FieldOption } from '../../components/form/field-layout.ts';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { withPasswordChecklist } from './password-checklist.ts';

export function newUserSchema(policy: PasswordRuleSettings | undefined) {
  const body = userAddBody.shape;
  return z
    .object({
      name: body.name,
      password: body.password,
      repeatPassword: z.string(),
      accessLevel: body.accessLevel,
      overridePwdPolicy: z.boolean(),
      multipleLogin: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.repeatPassword !== v.password) ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: PASSWORDS_DO_NOT_MATCH });
      // An empty password already has its required message; without a loaded policy the module decides.
      if (!policy || v.password === '' || v.overridePwdPolicy) return;
      const e = passwordPolicyError(policy, v.password);
      if (e) ctx.addIssue({ code: 'custom', path: ['password'], message: e });
    });
}
type NewUser = z.output<ReturnType<typeof newUserSchema>>;
type NewUserName = keyof NewUser & string;

export const NEW_USER_VALUES = { name: '', password: '', repeatPassword: '', accessLevel: '', overridePwdPolicy: false, multipleLogin: false };
/** The add call's body: the form without the repeat. */
export const addUserBody = ({ repeatPassword: _repeat, ...body }: NewUser): UserAddBody => body;

export const roleOptions = (roles: readonly Pick<Role, 'name'>[] | undefined): FieldOption[] => (roles ?? []).map((r) => ({ value: r.name, label: r.name }));
const ROLE_PLACEHOLDER = 'Select a role';

export function newUserFields(roles: readonly FieldOption[], rules?: PasswordRuleSettings): FieldDef<NewUserName>[] {
  return [
    { name: 'name', label: 'User Name', kind: 'text', autoComplete: 'off' },
    withPasswordChecklist({ name: 'password', label: 'Password', kind: 'password', autoComplete: 'new-password' }, rules, 'overridePwdPolicy'),
    { name: 'repeatPassword', label: USER_PASSWORD_LABELS.repeatPassword, kind: 'password', autoComplete: 'new-password' },
    { name: 'accessLevel', label: 'Role', kind: 'select', options: roles, placeholder: ROLE_PLACEHOLDER },
    { name: 'overridePwdPolicy', label: 'Override Password Policy', kind: 'checkbox' },
    { name: 'multipleLogin', label: 'Multiple Login', kind: 'checkbox' },
  ];
}

/** Edit: the name is shown, the role and multiple login are saved (002 §6). */
export const editUserSchema = z.object({ name: z.string(), ...userConfigBody.shape });
type EditUserName = keyof z.output<typeof editUserSchema> & string;
export const editUserValues = (u: UserListEntry) => ({ name: u.name, accessLevel: u.accessLevel, multipleLogin: u.multipleLogin });
export function editUserFields(roles: readonly FieldOption[]): FieldDef<EditUserName>[] {
  return [
    { name: 'name', label: 'User Name', kind: 'text', readOnly: true },
    { name: 'accessLevel', label: 'Role', kind: 'select', options: roles },
    { name: 'multipleLogin', label: 'Multiple Login', kind: 'checkbox' },
  ];
}

export const roleSchema = role;
type RoleName = keyof Role & string;
export const NEW_ROLE_VALUES: Role = { name: '', readingsAllow: 2, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 2 };
/** The name is typed for a new role and shown on edit (002 §5.11: required for new roles). */
export function roleFields(isNew: boolean): FieldDef<RoleName>[] {
  return schemaFieldDefs(role).map((d) => (d.name === 'name' ? { ...d, autoComplete: 'off', readOnly: !isNew } : d));
}
