/**
 * User management texts (002 §8.2, §8.3), zod-free: the password change and the user screens
 * read them without loading the schemas.
 */
import type { Area } from '../../permissions.ts';
import { namedRuleMessages } from '../../messages.ts';
import { PASSWORD_CHANGE_NAME } from '../../routes.ts';
import { PASSWORD_FIELD_NAMES } from '../../options/shared-texts.ts';

/** The four areas as the role form names them (002 §3.16): also in the module's refusals and the role list. */
export const AREA_LABELS: Record<Area, string> = {
  readings: 'Readings',
  configuration: 'Configuration',
  maintenance: 'Maintenance',
  userConfig: 'User Configuration',
};

/** A user's password fields (002 §2.19, §5.11): the change of one's own password and the new user form. */
export const USER_PASSWORD_LABELS = {
  currentPassword: PASSWORD_FIELD_NAMES.current,
  repeatPassword: PASSWORD_FIELD_NAMES.repeat,
} as const;

/**
 * A new password's repeat differs (002 §5.11). Here, not beside the user schemas: the meter's
 * password form says it too and need not load them.
 */
export const PASSWORDS_DO_NOT_MATCH = namedRuleMessages.passwordsDoNotMatch();

/** Success texts of the user-management screens (002 §8.2); failures show the module's reply (§8.3). */
export const userManagementTexts = {
  passwordPolicySaved: 'Password policy configuration saved',
  passwordChanged: (name: string) => `User ${name} password changed`,
  userCreated: 'User created',
  userDeleted: 'User Deleted',
  roleCreated: 'Role created',
  roleDeleted: 'Role Deleted',
  roleSaveFailed: 'Something wrong, can not be saved',
  tokenReset: 'Reset token successfully.',
  tokenResetFailed: 'Reset token failed.',
  resetApiToken: 'Reset API Token',
  active: 'Active',
  locked: 'Locked',
  notAvailable: 'N/A',
  // Decided: the spec shows none of these (docs/decisions/users-management-screens.md "User management screens").
  generalSaved: 'User management general config saved',
  yes: 'Yes',
  no: 'No',
  newUser: 'New User',
  newRole: 'New Role',
  userSaved: (name: string) => `User ${name} saved`,
  roleSaved: (name: string) => `Role ${name} saved`,
  userLocked: (name: string) => `User ${name} locked`,
  userUnlocked: (name: string) => `User ${name} unlocked`,
  deleteUserTitle: 'Delete User',
  deleteUserConfirm: (name: string) => `Are you sure you want to delete user ${name}? This action cannot be undone.`,
  deleteRoleTitle: 'Delete Role',
  deleteRoleConfirm: (name: string) => `Are you sure you want to delete role ${name}? This action cannot be undone.`,
  changePasswordTitle: PASSWORD_CHANGE_NAME,
  passwordExpiredChange: 'Your password has expired. Change it to continue, or sign out.',
  defaultPasswordChange: 'You are using default password. Change it to continue, or sign out.',
} as const;
