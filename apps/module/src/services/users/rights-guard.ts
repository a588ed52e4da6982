/**
 * What no one may do through the API (issue 12, docs/decisions.md users): grant rights they do
 * not hold, touch the admin role or its users unless they are user admin, or leave the module
 * without a user who can edit user configuration. Thrown inside the callers' transactions.
 */
import { ADMIN_ACCESS_LEVEL, ADMIN_USER_NAME, AREAS, AREA_LABELS, ROLE_FLAG_OF_AREA, levelOf, serverMessages, type Role } from '@meter/contract';
import type { Principal } from '../../context.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { UserRepository } from './user-repository.ts';

const isUserAdmin = (actor: Principal) => actor.kind === 'user' && actor.userName === ADMIN_USER_NAME;

/**
 * A role never grants more than the editor holds, area by area (levels: 0 edit, 1 view, 2 none).
 * User admin is exempt: it is the root account, and must be able to give its own role back a
 * right it took away.
 */
export function refuseRightsBeyond(actor: Principal, role: Role): void {
  if (isUserAdmin(actor)) return;
  for (const area of AREAS) {
    if (role[ROLE_FLAG_OF_AREA[area]] < levelOf(actor.permission, area)) throw forbidden(serverMessages.rightsExceedOwn(AREA_LABELS[area]));
  }
}

/** Users of the admin role (user admin among them) are added, changed and given passwords by user admin only. */
export function refuseAdminRoleUser(actor: Principal, ...accessLevels: string[]): void {
  if (!isUserAdmin(actor) && accessLevels.includes(ADMIN_ACCESS_LEVEL)) throw forbidden(serverMessages.adminRoleUsersProtected);
}

/** Nobody edits the role they hold, except user admin its own admin role (the one role nobody else may edit). */
export function refuseOwnRole(actor: Principal, roleName: string): void {
  if (actor.accessLevel === roleName && !isUserAdmin(actor)) throw forbidden(serverMessages.ownRoleRightsUnchangeable);
}

/** After a change, inside its transaction: somebody active must still hold edit on user configuration. */
export function refuseNoUserManagerLeft(repo: UserRepository): void {
  if (repo.userManagerCount() === 0) throw badRequest(serverMessages.lastUserManager);
}
