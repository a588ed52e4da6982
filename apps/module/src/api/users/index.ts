/**
 * Users, roles, general user config and API token (002 §7.9). Every route goes through
 * `handle()`, so the permission hook covers each one; the rules live in UserService. The password
 * policy is a settings section (api/sections).
 */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { handle } from '../registry.ts';

const success = { value: serverMessages.success };

export function usersRoutes(app: FastifyInstance, s: Services): void {
  const { users } = s;
  const e = endpoints;

  handle(app, e.generalUserConfig, () => users.generalConfig());
  handle(app, e.saveGeneralUserConfig, (input) => {
    users.saveGeneralConfig(input.body, input.principal!);
    return success;
  });

  handle(app, e.userList, () => users.listUsers());
  handle(app, e.addUser, async (input) => {
    await users.addUser(input.body, input.principal!);
    return success;
  });
  handle(app, e.lockUser, (input) => {
    const body = input.body;
    users.setLockout(body.name, body.lockout, input.principal!);
    return success;
  });
  handle(app, e.removeUser, (input) => {
    users.removeUser(input.body.name, input.principal!);
    return success;
  });
  handle(app, e.userConfig, ({ params }) => users.getUser(params.username!));
  handle(app, e.saveUserConfig, (input) => {
    users.saveUserConfig(input.params.username!, input.body, input.principal!);
    return success;
  });
  handle(app, e.setUserPassword, async (input) => {
    await users.setUserPassword(input.params.username!, input.body, input.principal!);
    return success;
  });
  handle(app, e.setPassword, async (input) => {
    await users.changeOwnPassword(input.principal!, input.body);
    return success;
  });

  handle(app, e.roleList, () => users.listRoles());
  handle(app, e.addRole, (input) => {
    users.addRole(input.body, input.principal!);
    return success;
  });
  handle(app, e.removeRole, (input) => {
    users.removeRole(input.body.roleName, input.principal!);
    return success;
  });
  handle(app, e.roleConfig, ({ params }) => users.getRole(params.roleName!));
  handle(app, e.saveRoleConfig, (input) => {
    users.saveRole(input.params.roleName!, input.body, input.principal!);
    return success;
  });

  handle(app, e.apiToken, () => ({ value: users.apiToken() }));
  handle(app, e.regenerateApiToken, ({ principal }) => {
    users.regenerateApiToken(principal!);
    return success;
  });
}
