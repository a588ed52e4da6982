/**
 * Permission model (000 §6, 002 §6).
 * The permission is an 8-bit mask of four bit pairs. In each pair the lower bit grants view,
 * the higher bit grants edit ("write"): edit = 0b11, view = 0b01, none = 0b00.
 */

export const AREAS = ['userConfig', 'readings', 'configuration', 'maintenance'] as const;
export type Area = (typeof AREAS)[number];

/** Route masks in use (002 §9.4). */
export const AREA_MASK: Record<Area, number> = {
  userConfig: 3,
  readings: 12,
  configuration: 48,
  maintenance: 192,
};

/** Role permission levels (002 §3.16): 0 edit, 1 view, 2 none. */
export const PERMISSION_LEVEL = { edit: 0, view: 1, none: 2 } as const;
export type PermissionLevel = 0 | 1 | 2;
export const PERMISSION_LEVEL_LABELS: Record<PermissionLevel, string> = { 0: 'Edit', 1: 'View', 2: 'None' };

/** The four role flags, in the order of their bit pairs. */
export const ROLE_FLAG_OF_AREA: Record<Area, 'userConfigAllow' | 'readingsAllow' | 'configurationAllow' | 'maintenanceAllow'> = {
  userConfig: 'userConfigAllow',
  readings: 'readingsAllow',
  configuration: 'configurationAllow',
  maintenance: 'maintenanceAllow',
};

export interface RoleFlags {
  userConfigAllow: PermissionLevel;
  readingsAllow: PermissionLevel;
  configurationAllow: PermissionLevel;
  maintenanceAllow: PermissionLevel;
}

/** 000 §6: each flag maps 0 → 3, 1 → 1, 2 → 0. */
export function pairBitsOfLevel(level: PermissionLevel): number {
  return level === 0 ? 3 : level === 1 ? 1 : 0;
}

const AREA_SHIFT: Record<Area, number> = { userConfig: 0, readings: 2, configuration: 4, maintenance: 6 };

/** The four-flag fallback of 000 §6: the bit mask computed from the role flags. */
export function permissionFromFlags(flags: RoleFlags): number {
  let mask = 0;
  for (const area of AREAS) mask |= pairBitsOfLevel(flags[ROLE_FLAG_OF_AREA[area]]) << AREA_SHIFT[area];
  return mask;
}

/** Any bit of the mask is granted: the route or call is visible / readable. */
export function canRead(permission: number, mask: number): boolean {
  return (permission & mask) !== 0;
}

/**
 * 002 §6: write permission holds when the overlap with the mask has an even number of binary
 * digits, i.e. the overlap covers the higher bit of the pair.
 */
export function canWrite(permission: number, mask: number): boolean {
  const overlap = permission & mask;
  if (overlap === 0) return false;
  return overlap.toString(2).length % 2 === 0;
}

export type AccessKind = 'read' | 'write';

export function hasAccess(permission: number, area: Area, access: AccessKind): boolean {
  const mask = AREA_MASK[area];
  return access === 'write' ? canWrite(permission, mask) : canRead(permission, mask);
}

/** The level a permission grants on an area (inverse of pairBitsOfLevel). */
export function levelOf(permission: number, area: Area): PermissionLevel {
  if (hasAccess(permission, area, 'write')) return 0;
  if (hasAccess(permission, area, 'read')) return 1;
  return 2;
}

/** The access level (role name) that has edit on all four areas. */
export const ADMIN_ACCESS_LEVEL = 'admin';
export const ADMIN_USER_NAME = 'admin';
export const FULL_PERMISSION = 255;
