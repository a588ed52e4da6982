/**
 * Users, roles, general user config and API token (002 §7.9). Every route goes through
 * `handle()`, so the permission hook covers each one; the rules live in services/users. The
 * password policy is a settings section (api/sections).
 */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Roles, UserAccounts, UserSettings } from '../../services/users/index.ts';
import { handle } from '../registry.ts';

const success = { value: serverMessages.success };

export interface UsersApiOptions {
  accounts: UserAccounts;
  roles: Roles;
  settings: UserSettings;
}

export const usersApi: FastifyPluginAsync<UsersApiOptions> = async (app, { accounts, roles, settings }) => {
  const e = endpoints;

  handle(app, e.generalUserConfig, () => settings.generalConfig());
  handle(app, e.saveGeneralUserConfig, ({ body, principal }) => {
    settings.saveGeneralConfig(body, principal);
    return success;
  });

  handle(app, e.userList, () => accounts.list());
  handle(app, e.addUser, async ({ body, principal }) => {
    await accounts.add(body, principal);
    return success;
  });
  handle(app, e.lockUser, ({ body, principal }) => {
    accounts.setLockout(body.name, body.lockout, principal);
    return success;
  });
  handle(app, e.removeUser, ({ body, principal }) => {
    accounts.remove(body.name, principal);
    return success;
  });
  handle(app, e.userConfig, ({ params }) => accounts.get(params.username));
  handle(app, e.saveUserConfig, ({ params, body, principal }) => {
    accounts.saveConfig(params.username, body, principal);
    return success;
  });
  handle(app, e.setUserPassword, async ({ params, body, principal }) => {
    await accounts.setPassword(params.username, body, principal);
    return success;
  });
  handle(app, e.setPassword, async ({ body, principal }) => {
    await accounts.changeOwnPassword(principal, body);
    return success;
  });

  handle(app, e.roleList, () => roles.list());
  handle(app, e.addRole, ({ body, principal }) => {
    roles.add(body, principal);
    return success;
  });
  handle(app, e.removeRole, ({ body, principal }) => {
    roles.remove(body.roleName, principal);
    return success;
  });
  handle(app, e.roleConfig, ({ params }) => roles.get(params.roleName));
  handle(app, e.saveRoleConfig, ({ params, body, principal }) => {
    roles.save(params.roleName, body, principal);
    return success;
  });

  handle(app, e.apiToken, () => ({ value: settings.apiToken() }));
  handle(app, e.regenerateApiToken, ({ principal }) => {
    settings.regenerateApiToken(principal);
    return success;
  });
};
