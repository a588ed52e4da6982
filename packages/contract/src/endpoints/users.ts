import { z } from 'zod';
import { successReply, valueOneBody } from '../schemas/common.ts';
import * as users from '../schemas/users.ts';
import { passwordPolicySection } from '../sections/users.ts';
import { SESSION, read, write, pathParams, ep, sectionRead, sectionWrite } from './define.ts';

export const userEndpoints = {
  // Users, roles, policy, token (002 §7.9). Paths spelled as in the spec.
  generalUserConfig: ep({ method: 'GET', path: '/usrmg/general/config', reply: users.generalUserConfig, auth: read('userConfig') }),
  saveGeneralUserConfig: ep({ method: 'PUT', path: '/usrmg/general/config', body: users.generalUserConfig, reply: successReply, auth: write('userConfig') }),
  userList: ep({ method: 'GET', path: '/usermg/user/list', reply: z.array(users.userListEntry), auth: read('userConfig') }),
  addUser: ep({ method: 'POST', path: '/usermg/user/add', body: users.userAddBody, reply: successReply, auth: write('userConfig') }),
  lockUser: ep({ method: 'PATCH', path: '/usermg/user/lockout', body: users.userLockoutBody, reply: successReply, auth: write('userConfig') }),
  removeUser: ep({ method: 'PATCH', path: '/usermg/user/remove', body: users.userRemoveBody, reply: successReply, auth: write('userConfig') }),
  userConfig: ep({ method: 'GET', path: '/usermg/user/config/:username', params: pathParams('username'), reply: users.userListEntry, auth: read('userConfig') }),
  saveUserConfig: ep({
    method: 'PUT',
    path: '/usermg/user/config/:username',
    params: pathParams('username'),
    body: users.userConfigBody,
    reply: successReply,
    auth: write('userConfig'),
  }),
  setUserPassword: ep({
    method: 'PUT',
    path: '/usermg/user/pwd/:username',
    params: pathParams('username'),
    body: users.userPasswordBody,
    reply: successReply,
    auth: write('userConfig'),
  }),
  /** A user's own password change with the current password (any signed-in user, own name only). */
  setPassword: ep({ method: 'PATCH', path: '/command/setPassword', body: users.setPasswordBody, reply: successReply, auth: SESSION, duringPasswordChange: true }),
  roleList: ep({ method: 'GET', path: '/usermg/role/list', reply: users.roleList, auth: read('userConfig') }),
  addRole: ep({ method: 'POST', path: '/usermg/role/add', body: users.role, reply: successReply, auth: write('userConfig') }),
  removeRole: ep({ method: 'PATCH', path: '/usermg/role/remove', body: users.roleRemoveBody, reply: successReply, auth: write('userConfig') }),
  roleConfig: ep({ method: 'GET', path: '/usermg/role/config/:roleName', params: pathParams('roleName'), reply: users.role, auth: read('userConfig') }),
  saveRoleConfig: ep({ method: 'PUT', path: '/usermg/role/config/:roleName', params: pathParams('roleName'), body: users.role, reply: successReply, auth: write('userConfig') }),
  passwordPolicy: sectionRead('/settings/passwordPolicy', passwordPolicySection, read('userConfig')),
  savePasswordPolicy: sectionWrite('/settings/passwordPolicy', passwordPolicySection, write('userConfig')),
  /** 002 §6: "The API token fetch needs bits 3" (view or edit on user configuration; issue 25). */
  apiToken: ep({ method: 'GET', path: '/command/getApiToken', reply: users.apiTokenReply, auth: read('userConfig') }),
  regenerateApiToken: ep({ method: 'PATCH', path: '/command/regenerateViewToken', body: valueOneBody, reply: successReply, auth: write('userConfig') }),
} as const;
