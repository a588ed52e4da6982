/**
 * User management (002 §2.17 to §2.20, §3.13, §5.10, §5.11, §6, §7.9): schemas, the password policy
 * section and the calls (users, roles, policy, token, the password checklist). Texts in texts.ts.
 */
import { z } from 'zod';
import { namedRuleMessages as n, formMessages as m, passwordHelpTexts } from '../../messages.ts';
import { AREA_LABELS, USER_PASSWORD_LABELS, userManagementTexts } from './texts.ts';
import { bool, flag, intBetween, oneOf, strictObject, text } from '../../rules/fields.ts';
import { rules, type Checker, rule } from '../../rules/validators.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { defineSection } from '../../sections/section.ts';
import { successReply, valueOneBody } from '../../schemas/common.ts';
import { SESSION, read, write, pathParams, ep, sectionRead, sectionWrite } from '../../endpoints/define.ts';

/** Users, roles, password policy, general user config and API token (002 §3.16, §5.11). */
export const PERMISSION_LEVEL_OPTIONS = [
  { value: 0, label: 'Edit' },
  { value: 1, label: 'View' },
  { value: 2, label: 'None' },
] as const;

const level = (label: string) => withMeta(oneOf(label, [0, 1, 2] as const), { options: PERMISSION_LEVEL_OPTIONS });

/** User and role names: letters, digits, '.', '_' and '-' (decided; the spec shows no rule). */
const NAME_RE = /^[A-Za-z0-9._-]+$/;
/** '.' and '..' name folders: refused, like the path separators the character rule leaves out. */
const nameRule =
  (label: string): Checker<string> =>
  (v) => {
    if (!NAME_RE.test(v)) return `${label} can only contain letters, digits, '.', '_' and '-'`;
    if (v === '.' || v === '..') return `${label} cannot be '.' or '..'`;
    return undefined;
  };
export const userName = text('User Name', rule.maxLength(32), nameRule('User Name'));
export const roleName = text('Role Name', rule.maxLength(32), nameRule('Role Name'));
const passwordField = text('Password', rule.maxLength(64));

export const role = strictObject({
  name: roleName,
  readingsAllow: level(AREA_LABELS.readings),
  configurationAllow: level(AREA_LABELS.configuration),
  maintenanceAllow: level(AREA_LABELS.maintenance),
  userConfigAllow: level(AREA_LABELS.userConfig),
});
export type Role = z.infer<typeof role>;
export const roleList = z.array(role);
export const roleRemoveBody = strictObject({ roleName });

export const userAddBody = strictObject({
  name: userName,
  password: passwordField,
  accessLevel: text('Role'),
  overridePwdPolicy: bool('Override Password Policy').optional(),
  multipleLogin: bool('Multiple Login').optional(),
});
export type UserAddBody = z.infer<typeof userAddBody>;

export const userConfigBody = strictObject({
  accessLevel: text('Role'),
  multipleLogin: bool('Multiple Login'),
});

export const userListEntry = z.object({
  name: z.string(),
  accessLevel: z.string(),
  multipleLogin: z.boolean(),
  overridePwdPolicy: z.boolean(),
  registerTime: z.number(),
  passwordExpirationTime: z.number(),
  lastLoginTime: z.number(),
  /** 0 or 1; 1 means locked (002 §3.16). */
  status: z.number().int(),
  lockedOut: z.boolean(),
});
export type UserListEntry = z.infer<typeof userListEntry>;

export const userLockoutBody = strictObject({ name: userName, lockout: flag('Lockout') });
export const userRemoveBody = strictObject({ name: userName });
export const userPasswordBody = strictObject({
  name: userName,
  password: passwordField,
  overridePwdPolicy: bool('Override Password Policy'),
});
export const setPasswordBody = strictObject({
  username: userName,
  oldPassword: text(USER_PASSWORD_LABELS.currentPassword),
  newPassword: passwordField,
});

export const generalUserConfig = strictObject({
  maxLoginUser: withMeta(intBetween('Max Concurrent Logins', 1, 10), { unit: 'sessions', description: 'Sessions of all users together.' }),
  // The same setting as the password policy's sessionTimeout (one setting, two screens).
  sessionTimeout: withMeta(intBetween('Session Timeout', 0, 60), { unit: 'minutes', description: 'Minutes without activity after which a session ends. 0 means never.' }),
});
export type GeneralUserConfig = z.infer<typeof generalUserConfig>;

/** 002 §5.11: password policy save; the table's ranges, all required integers. */
/** A policy setting: its range, unit and meaning (002 §4.11, §5.11) travel with the schema. */
const policyInt = (label: string, min: number, max: number, unit: string, description: string) => withMeta(intBetween(label, min, max), { unit, description });
const policyCheck = (label: string, description: string) => withMeta(bool(label), { description });

export const passwordPolicy = strictObject({
  needUpperLower: policyCheck('Upper and Lower Case', 'A password must contain both an upper case and a lower case letter.'),
  needNumberLetter: policyCheck('Number and Letter', 'A password must contain at least one digit and one letter.'),
  needSpecialCharacter: policyCheck('Special Character', 'A password must contain a special character such as @!#%^&*?.'),
  pwdHistory: policyInt('Password History', 1, 32, 'passwords', 'A new password must differ from this many recent passwords, the current one included. 1 means no restriction.'),
  minPwdAgeDays: policyInt('Minimum Password Age', 0, 90, 'days', 'Days a password must be kept before it can be changed again. 0 means no restriction.'),
  pwdExpireDays: policyInt('Password Expiration', 0, 90, 'days', 'Days after which a password expires. 0 means never expires.'),
  pwdLength: policyInt('Minimum Password Length', 6, 64, 'characters', 'The fewest characters a password may have.'),
  gracePeriodDays: policyInt(
    'Grace Period',
    0,
    65535,
    'days',
    'Days after expiry in which the user can still sign in, and must change the password on sign-in; after that the account is locked. 0 means immediate lockout.',
  ),
  maxFailedAttempts: policyInt('Max Failed Attempts', 0, 30, 'attempts', 'Failed sign-in attempts that lock the account. 0 means never locks.'),
  failedLoginAttemptWindowsSeconds: policyInt(
    'Failed Login Attempt Window',
    0,
    86400,
    'seconds',
    'The failed-attempt count resets when this many seconds have passed since the first failure. 0 means it never resets.',
  ),
  failedLoginWaitSeconds: policyInt(
    'Failed Login Wait',
    0,
    86400,
    'seconds',
    'A lockout lifts automatically after this many seconds. 0 means never auto-unlock: an administrator must unlock the account.',
  ),
  sessionTimeout: policyInt('Session Timeout', 0, 60, 'minutes', 'Minutes without activity after which a session ends. 0 means never.'),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  needUpperLower: false,
  needNumberLetter: true,
  needSpecialCharacter: false,
  pwdHistory: 1,
  minPwdAgeDays: 0,
  pwdExpireDays: 0,
  pwdLength: 8,
  gracePeriodDays: 0,
  maxFailedAttempts: 5,
  failedLoginAttemptWindowsSeconds: 300,
  failedLoginWaitSeconds: 10,
  sessionTimeout: 15,
};
export const DEFAULT_MAX_LOGIN_USER = 5;

/** The policy's rules on a password's text (002 §5.11): what the sign-in pages may learn of the policy. */
export const passwordRuleSettings = passwordPolicy.pick({ pwdLength: true, needUpperLower: true, needNumberLetter: true, needSpecialCharacter: true });
export type PasswordRuleSettings = z.infer<typeof passwordRuleSettings>;

/** One rule of the policy on a password's text: its line in the console's checklist, and its message. */
export interface PasswordRule {
  key: 'length' | 'upperLower' | 'numberLetter' | 'special';
  /** The checklist line (ours: the spec shows no checklist). */
  text: string;
  /** The spec's message when the password breaks it, else undefined. */
  error: (password: string, label?: string) => string | undefined;
}

// The named rules pass blank values; a password of spaces meets none of the character rules.
const blank = (password: string) => password.trim() === '';

/**
 * 002 §5.11: the rules the current policy puts on a new password, in the order their messages
 * are given: a minimum length of pwdLength, upper and lower case when needUpperLower, a digit and
 * a letter when needNumberLetter, a special character when needSpecialCharacter. The module's
 * check and the console's checklist both come from here.
 */
export function passwordRules(policy: PasswordRuleSettings): PasswordRule[] {
  const list: PasswordRule[] = [
    {
      key: 'length',
      text: passwordHelpTexts.ruleLength(policy.pwdLength),
      error: (p, label = 'Password') => (p.length < policy.pwdLength ? m.minLength(label, policy.pwdLength) : undefined),
    },
  ];
  if (policy.needUpperLower)
    list.push({
      key: 'upperLower',
      text: passwordHelpTexts.ruleUpperLower,
      error: (p, label = 'Password') => (blank(p) ? n.needUppercase(label) : (rules.needUppercase(label)(p) ?? rules.needLowercase(label)(p))),
    });
  if (policy.needNumberLetter)
    list.push({
      key: 'numberLetter',
      text: passwordHelpTexts.ruleNumberLetter,
      error: (p, label = 'Password') => (blank(p) ? n.hasNum(label) : (rules.hasNum(label)(p) ?? rules.hasAlpha(label)(p))),
    });
  if (policy.needSpecialCharacter)
    list.push({
      key: 'special',
      text: passwordHelpTexts.ruleSpecial,
      error: (p, label = 'Password') => (blank(p) ? n.needSpecialCharacter(label) : rules.needSpecialCharacter(label)(p)),
    });
  return list;
}

/**
 * 002 §5.11: unless overridden, a new password must meet the current policy. Returns the first
 * message, or undefined. Used by the password forms and by the module on every change.
 */
export function passwordPolicyError(policy: PasswordRuleSettings, password: string, label = 'Password'): string | undefined {
  for (const rule of passwordRules(policy)) {
    const e = rule.error(password, label);
    if (e) return e;
  }
  return undefined;
}

// Defined in the zod-free texts.ts, which the meter's password form reads; still exported here for its callers.
export { PASSWORDS_DO_NOT_MATCH } from './texts.ts';

export const apiTokenReply = z.object({ value: z.string() });

/** Sections of the user management area (002 §2.18). */
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

// Pure: a screen that imports this file without the calls leaves it out (see endpoints/define.ts).
const userListReply = /* @__PURE__ */ z.array(userListEntry);

export const userEndpoints = {
  // Users, roles, policy, token (002 §7.9). Paths spelled as in the spec.
  generalUserConfig: ep({ method: 'GET', path: '/usrmg/general/config', reply: generalUserConfig, auth: read('userConfig') }),
  saveGeneralUserConfig: ep({ method: 'PUT', path: '/usrmg/general/config', body: generalUserConfig, reply: successReply, auth: write('userConfig') }),
  userList: ep({ method: 'GET', path: '/usermg/user/list', reply: userListReply, auth: read('userConfig') }),
  addUser: ep({ method: 'POST', path: '/usermg/user/add', body: userAddBody, reply: successReply, auth: write('userConfig') }),
  lockUser: ep({ method: 'PATCH', path: '/usermg/user/lockout', body: userLockoutBody, reply: successReply, auth: write('userConfig') }),
  removeUser: ep({ method: 'PATCH', path: '/usermg/user/remove', body: userRemoveBody, reply: successReply, auth: write('userConfig') }),
  userConfig: ep({ method: 'GET', path: '/usermg/user/config/:username', params: pathParams('username'), reply: userListEntry, auth: read('userConfig') }),
  saveUserConfig: ep({
    method: 'PUT',
    path: '/usermg/user/config/:username',
    params: pathParams('username'),
    body: userConfigBody,
    reply: successReply,
    auth: write('userConfig'),
  }),
  setUserPassword: ep({
    method: 'PUT',
    path: '/usermg/user/pwd/:username',
    params: pathParams('username'),
    body: userPasswordBody,
    reply: successReply,
    auth: write('userConfig'),
  }),
  /** A user's own password change with the current password (any signed-in user, own name only). */
  setPassword: ep({ method: 'PATCH', path: '/command/setPassword', body: setPasswordBody, reply: successReply, auth: SESSION, duringPasswordChange: true }),
  roleList: ep({ method: 'GET', path: '/usermg/role/list', reply: roleList, auth: read('userConfig') }),
  addRole: ep({ method: 'POST', path: '/usermg/role/add', body: role, reply: successReply, auth: write('userConfig') }),
  removeRole: ep({ method: 'PATCH', path: '/usermg/role/remove', body: roleRemoveBody, reply: successReply, auth: write('userConfig') }),
  roleConfig: ep({ method: 'GET', path: '/usermg/role/config/:roleName', params: pathParams('roleName'), reply: role, auth: read('userConfig') }),
  saveRoleConfig: ep({ method: 'PUT', path: '/usermg/role/config/:roleName', params: pathParams('roleName'), body: role, reply: successReply, auth: write('userConfig') }),
  passwordPolicy: sectionRead('/settings/passwordPolicy', passwordPolicySection, read('userConfig')),
  savePasswordPolicy: sectionWrite('/settings/passwordPolicy', passwordPolicySection, write('userConfig')),
  /** 002 §6: "The API token fetch needs bits 3" (view or edit on user configuration; issue 25). */
  apiToken: ep({ method: 'GET', path: '/command/getApiToken', reply: apiTokenReply, auth: read('userConfig') }),
  regenerateApiToken: ep({ method: 'PATCH', path: '/command/regenerateViewToken', body: valueOneBody, reply: successReply, auth: write('userConfig') }),
} as const;

export const passwordHelpEndpoints = {
  // The module's own call (the spec shows none): the password policy's rules on a password's text,
  // for the checklist of every password screen. Any session may ask, one held on Change Password
  // included: a user choosing their own password must see the rules, whatever their role.
  passwordRules: ep({ method: 'GET', path: '/users/passwordRules', reply: passwordRuleSettings, auth: SESSION, duringPasswordChange: true }),
} as const;
