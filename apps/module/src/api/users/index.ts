/**
 * Users, roles, general user config and API token (002 §7.9). Every route goes through
 * `handle()`, so the permission hook covers each one; the rules live in services/users. The
 * password policy is a settings section (api/sections).
 */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Roles, UserAccounts, UserSettings } from '../../services/users/index.ts';
import { handle } from '../registry.ts';
import { ifRevisionOf, sendRevision } from '../revision.ts';

const success = { value: serverMessages.success };

export interface UsersApiOptions {
  accounts: UserAccounts;
  roles: Roles;
  settings: UserSettings;
}

export const usersApi: FastifyPluginAsync<UsersApiOptions> = async (app, { accounts, roles, settings }) => {
  const e = endpoints;

  // Users, roles and the general config carry a revision like the settings sections: ETag on the
  // GET, If-Match on the save (409 when stale; without it the save is accepted, as the spec's API has none).
  handle(app, e.generalUserConfig, ({ reply }) => {
    sendRevision(reply, settings.generalConfigRevision());
    return settings.generalConfig();
  });
  handle(app, e.saveGeneralUserConfig, ({ body, principal, request, reply }) => {
    sendRevision(reply, settings.saveGeneralConfig(body, principal, ifRevisionOf(request)));
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
  handle(app, e.userConfig, ({ params, reply }) => {
    const { entry, revision } = accounts.get(params.username);
    sendRevision(reply, revision);
    return entry;
  });
  handle(app, e.saveUserConfig, ({ params, body, principal, request, reply }) => {
    sendRevision(reply, accounts.saveConfig(params.username, body, principal, ifRevisionOf(request)));
    return success;
  });
  handle(app, e.setUserPassword, async ({ params, body, principal, request }) => {
    await accounts.setPassword(params.username, body, principal, ifRevisionOf(request));
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
  handle(app, e.roleConfig, ({ params, reply }) => {
    const { role, revision } = roles.get(params.roleName);
    sendRevision(reply, revision);
    return role;
  });
  handle(app, e.saveRoleConfig, ({ params, body, principal, request, reply }) => {
    sendRevision(reply, roles.save(params.roleName, body, principal, ifRevisionOf(request)));
    return success;
  });

  // Only users read it (the API token itself has no user-management bits): each reader is remembered.
  handle(app, e.apiToken, ({ principal }) => ({ value: settings.apiTokenFor(principal.userName) }));
  handle(app, e.regenerateApiToken, ({ principal }) => {
    settings.regenerateApiToken(principal);
    return success;
  });
};
