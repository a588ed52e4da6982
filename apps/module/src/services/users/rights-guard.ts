/**
 * What no one may do through the API (issues 12 and 25, docs/decisions/users-security-rights-guard-sessions-api-token.md): act on a user
 * or role that holds a right the editor lacks, grant rights the editor does not hold, change
 * their own role or its rights, touch the admin role or its users unless they are user admin, or
 * leave the module without a user who can edit user configuration. Thrown inside the callers'
 * transactions.
 */
import { ADMIN_ACCESS_LEVEL, ADMIN_USER_NAME, AREAS, AREA_LABELS, ROLE_FLAG_OF_AREA, levelOf, serverMessages, type Role } from '@meter/contract';
import type { Principal } from '../../context.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { UserRepository } from './user-repository.ts';

const isUserAdmin = (actor: Principal) => actor.kind === 'user' && actor.userName === ADMIN_USER_NAME;

/** One change of user management, as the guard judges it. */
export interface UserManagementChange {
  /**
   * What is acted on: a user (added, configured, locked, unlocked, removed, given a password) or
   * a role (added, edited, renamed, removed).
   */
  kind: 'user' | 'role';
  /** The name of the user or role acted on. */
  name: string;
  /** The rights it holds now: the user's role, or the role as stored. Absent for an add. */
  holds?: Role;
  /** The rights the change gives it: the user's new role, or the role's new rights. */
  grants?: Role;
}

/** The first area where the role gives more than the actor holds (levels: 0 edit, 1 view, 2 none). */
function areaBeyond(actor: Principal, role: Role) {
  return AREAS.find((area) => role[ROLE_FLAG_OF_AREA[area]] < levelOf(actor.permission, area));
}

/**
 * The one guard every user and role mutation calls (the API's and a configuration backup's):
 * - the admin role is edited, and users of it are added, changed or given passwords, by user admin only;
 * - nobody changes their own role, nor the rights of the role they hold (user admin its admin role aside);
 * - nobody acts on a user or role that holds, in any area, more than they hold themselves
 *   (an editor would otherwise reset that user's password and sign in as them);
 * - nobody grants, in any area, more than they hold.
 * User admin is exempt from the last two: it is the root account, and must be able to give its
 * own role back a right it took away.
 */
export function guardUserManagement(actor: Principal, change: UserManagementChange): void {
  const root = isUserAdmin(actor);
  const { kind, name, holds, grants } = change;
  if (!root) {
    if (kind === 'role' && holds?.name === ADMIN_ACCESS_LEVEL) throw forbidden(serverMessages.adminRoleProtected);
    if (kind === 'user' && (holds?.name === ADMIN_ACCESS_LEVEL || grants?.name === ADMIN_ACCESS_LEVEL)) throw forbidden(serverMessages.adminRoleUsersProtected);
  }
  if (kind === 'user' && name === actor.userName && holds && grants && grants.name !== holds.name) throw forbidden(serverMessages.ownRoleUnchangeable);
  if (kind === 'role' && holds && name === actor.accessLevel && !root) throw forbidden(serverMessages.ownRoleRightsUnchangeable);
  if (root) return;
  const held = holds && areaBeyond(actor, holds);
  if (held) throw forbidden(serverMessages.targetRightsExceedOwn(AREA_LABELS[held]));
  const given = grants && areaBeyond(actor, grants);
  if (given) throw forbidden(serverMessages.rightsExceedOwn(AREA_LABELS[given]));
}

/** After a change, inside its transaction: somebody active must still hold edit on user configuration. */
export function refuseNoUserManagerLeft(repo: UserRepository): void {
  if (repo.userManagerCount() === 0) throw badRequest(serverMessages.lastUserManager);
}
