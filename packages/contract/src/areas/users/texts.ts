/**
 * User management texts (002 §8.2, §8.3), zod-free: the password change and the user screens
 * read them without loading the schemas.
 */

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
  changePasswordTitle: 'Change Password',
  passwordExpiredChange: 'Your password has expired. Change it to continue, or sign out.',
  defaultPasswordChange: 'You are using default password. Change it to continue, or sign out.',
} as const;
