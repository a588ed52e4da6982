/**
 * Users, roles, password policy, general user config and API token (002 §7.9). Every route goes
 * through `handle()`, so the permission hook covers each one; the rules live in services/users.
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
  handle(app, e.saveGeneralUserConfig, (input) => {
    settings.saveGeneralConfig(input.body, input.principal!);
    return success;
  });

  handle(app, e.userList, () => accounts.list());
  handle(app, e.addUser, async (input) => {
    await accounts.add(input.body, input.principal!);
    return success;
  });
  handle(app, e.lockUser, (input) => {
    const body = input.body;
    accounts.setLockout(body.name, body.lockout, input.principal!);
    return success;
  });
  handle(app, e.removeUser, (input) => {
    accounts.remove(input.body.name, input.principal!);
    return success;
  });
  handle(app, e.userConfig, ({ params }) => accounts.get(params.username!));
  handle(app, e.saveUserConfig, (input) => {
    accounts.saveConfig(input.params.username!, input.body, input.principal!);
    return success;
  });
  handle(app, e.setUserPassword, async (input) => {
    await accounts.setPassword(input.params.username!, input.body, input.principal!);
    return success;
  });
  handle(app, e.setPassword, async (input) => {
    await accounts.changeOwnPassword(input.principal!, input.body);
    return success;
  });

  handle(app, e.roleList, () => roles.list());
  handle(app, e.addRole, (input) => {
    roles.add(input.body, input.principal!);
    return success;
  });
  handle(app, e.removeRole, (input) => {
    roles.remove(input.body.roleName, input.principal!);
    return success;
  });
  handle(app, e.roleConfig, ({ params }) => roles.get(params.roleName!));
  handle(app, e.saveRoleConfig, (input) => {
    roles.save(input.params.roleName!, input.body, input.principal!);
    return success;
  });

  handle(app, e.passwordPolicy, () => settings.passwordPolicy());
  handle(app, e.savePasswordPolicy, (input) => {
    settings.savePasswordPolicy(input.body, input.principal!);
    return success;
  });

  handle(app, e.apiToken, () => ({ value: settings.apiToken() }));
  handle(app, e.regenerateApiToken, ({ principal }) => {
    settings.regenerateApiToken(principal!);
    return success;
  });
};
