/**
 * Roles (002 §7.9): four permission levels each. The permission of a session is computed from its
 * user's role on every request, so a saved role reaches live sessions at once. Role admin keeps
 * its name and its edit on user configuration, and only user admin may change it.
 */
import { ADMIN_ACCESS_LEVEL, role as roleSchema, serverMessages, type Role } from '@meter/contract';
import type { Principal } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { auditChanges } from '../sections/audit.ts';
import type { Revisions } from '../sections/revision.ts';
import { guardUserManagement, refuseNoUserManagerLeft } from './rights-guard.ts';
import { roleOf, type UserRepository } from './user-repository.ts';
import type { UserSettings } from './user-settings.ts';

export class Roles {
  constructor(
    private readonly repo: UserRepository,
    private readonly events: ModuleEventLog,
    private readonly settings: UserSettings,
    private readonly revisions: Revisions,
  ) {}

  list(): Role[] {
    return this.repo.roles().map(roleOf);
  }

  /** A role and its revision (ETag): what an edit of it is based on. */
  get(name: string): { role: Role; revision: string } {
    const role = roleOf(this.repo.requireRole(name));
    return { role, revision: this.revisions.of(role) };
  }

  add(role: Role, actor: Principal): void {
    this.repo.tx(() => {
      if (this.repo.roleNameTaken(role.name)) throw badRequest(serverMessages.roleExists(role.name), { name: serverMessages.roleExists(role.name) });
      guardUserManagement(actor, { kind: 'role', name: role.name, grants: role });
      this.repo.insertRole(role);
      this.events.write('Info', `Role ${role.name} added by ${actor.userName}`, actor.userName);
    });
  }

  /**
   * Saves a role (a new name in the body renames it; its users follow). `ifRevision` (If-Match):
   * the revision the edit is based on; another one is 409. Returns the new revision.
   */
  save(pathName: string, role: Role, actor: Principal, ifRevision?: readonly string[]): string {
    return this.repo.tx(() => {
      const before = roleOf(this.repo.requireRole(pathName));
      this.revisions.check(before, ifRevision);
      guardUserManagement(actor, { kind: 'role', name: pathName, holds: before, grants: role });
      if (pathName === ADMIN_ACCESS_LEVEL) {
        if (role.name !== ADMIN_ACCESS_LEVEL) throw badRequest(serverMessages.adminRoleNotRenamable, { name: serverMessages.adminRoleNotRenamable });
        if (role.userConfigAllow !== 0) throw badRequest(serverMessages.adminRoleKeepsUserConfig, { userConfigAllow: serverMessages.adminRoleKeepsUserConfig });
      }
      if (role.name !== pathName && this.repo.roleNameTaken(role.name, pathName)) {
        throw badRequest(serverMessages.roleExists(role.name), { name: serverMessages.roleExists(role.name) });
      }
      this.repo.updateRole(pathName, role);
      refuseNoUserManagerLeft(this.repo);
      this.settings.revokeApiTokenIfReaderLeft(actor);
      this.events.write('Info', `Role ${pathName} saved by ${actor.userName}${role.name !== pathName ? ` (renamed ${role.name})` : ''}`, actor.userName);
      auditChanges(this.events, `Role ${pathName}`, roleSchema, before, role, actor.userName);
      return this.revisions.of(roleOf(this.repo.requireRole(role.name)));
    });
  }

  remove(name: string, actor: Principal): void {
    this.repo.tx(() => {
      const role = roleOf(this.repo.requireRole(name));
      if (name === ADMIN_ACCESS_LEVEL) throw badRequest(serverMessages.adminRoleNotRemovable);
      if (this.repo.roleInUse(name)) throw badRequest(serverMessages.roleInUse(name));
      guardUserManagement(actor, { kind: 'role', name, holds: role });
      this.repo.deleteRole(name);
      this.events.write('Info', `Role ${name} removed by ${actor.userName}`, actor.userName);
    });
  }

  /**
   * A role of a configuration backup (config apply with users): added, or saved when it differs,
   * through add and save with their guards (rights-guard.ts: a role that holds a right the editor
   * lacks is refused).
   */
  restore(role: Role, actor: Principal): void {
    const row = this.repo.role(role.name);
    if (!row) return this.add(role, actor);
    const before = roleOf(row);
    if (sameRole(before, role)) return;
    this.save(role.name, role, actor);
  }

  /** A role the backup lacks: removed under remove's guards (rights-guard.ts). */
  removeRestored(name: string, actor: Principal): void {
    this.remove(name, actor);
  }
}

const sameRole = (a: Role, b: Role) =>
  a.name === b.name &&
  a.readingsAllow === b.readingsAllow &&
  a.configurationAllow === b.configurationAllow &&
  a.maintenanceAllow === b.maintenanceAllow &&
  a.userConfigAllow === b.userConfigAllow;
