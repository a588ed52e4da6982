/**
 * Navigation as data (conventions habit 2): the menu tree, where a link lands and where a refused
 * route goes, all computed from the contract's ROUTES. Pure, so the unit tests can walk it.
 */
import { AREA_MASK, ROUTES, SYSTEM_MODE_EMERGENCY, canRead, displayName, findRoute, isRouteAllowed, routeByName, segmentsOf, type DeviceContext, type RouteDef } from '@meter/contract';

export interface NavContext {
  permission: number;
  device: DeviceContext;
  /** Whether a screen is registered for the route name (src/app/screens.ts). */
  hasScreen: (routeName: string) => boolean;
}

export interface NavNode {
  route: RouteDef;
  label: string;
  /** Where the link goes: the first screen the user may see inside this entry. */
  to: string;
  children: NavNode[];
}

export const ROOT_PATH = '/';
const EMERGENCY_PATH = routeByName('Settings, Emergency').path;
const ABOUT_INFORMATION_PATH = routeByName('About, Information').path;
const READING_PATH = routeByName('Reading').path;

const isParamRoute = (r: RouteDef) => r.path.includes('/:');
const inMenuTable = (r: RouteDef) => !r.public && !isParamRoute(r);

/** Nearest proper ancestor that is itself a route ('/' for the sections). */
function parentPath(path: string, routePaths: ReadonlySet<string>): string | undefined {
  const segs = segmentsOf(path);
  for (let i = segs.length - 1; i >= 0; i--) {
    const p = '/' + segs.slice(0, i).join('/');
    if (routePaths.has(p)) return p;
  }
  return undefined;
}

let menuChildren: Map<string, RouteDef[]> | undefined;
// One pass over the table, on the first menu: filtering the table per entry cost ~40 ms of the first
// signed-in render at a phone's CPU speed.
function childrenOf(path: string): RouteDef[] {
  if (!menuChildren) {
    const routePaths = new Set(ROUTES.map((r) => r.path));
    menuChildren = new Map();
    for (const r of ROUTES) {
      if (!inMenuTable(r) || r.path === ROOT_PATH) continue;
      const parent = parentPath(r.path, routePaths);
      if (parent === undefined) continue;
      const list = menuChildren.get(parent);
      if (list) list.push(r);
      else menuChildren.set(parent, [r]);
    }
  }
  return menuChildren.get(path) ?? [];
}

export const isUnder = (pathname: string, path: string): boolean => path === ROOT_PATH || pathname === path || pathname.startsWith(path.endsWith('/') ? path : path + '/');

const allowed = (path: string, ctx: NavContext) => isRouteAllowed(path, ctx.permission, ctx.device);
/** A route that forwards is never a screen of its own, whatever the registry says. */
const isScreen = (route: RouteDef, ctx: NavContext) => !route.redirect && ctx.hasScreen(route.name);

/**
 * The first path inside `route` that shows a screen the user may see: the route itself, else its
 * redirect target, else its first visible child that lands somewhere (hidden pages are reached from
 * their parent screen or by a redirect, never by chance). Parents are not checked themselves: the
 * module event log stays reachable under a Reading root the user may not open (000 §6).
 */
function landingOf(route: RouteDef, ctx: NavContext): string | undefined {
  if (isScreen(route, ctx) && allowed(route.path, ctx)) return route.path;
  const target = route.redirect ? findRoute(route.redirect) : undefined;
  const viaRedirect = target && target.path !== route.path ? landingOf(target, ctx) : undefined;
  if (viaRedirect) return viaRedirect;
  for (const child of childrenOf(route.path)) {
    if (child.hidden) continue;
    const to = landingOf(child, ctx);
    if (to) return to;
  }
  return undefined;
}

/** Where opening `path` should end up, with the emergency-mode forwarding of the roots (000 §6). */
export function landingPath(path: string, ctx: NavContext): string | undefined {
  const route = findRoute(path);
  if (ctx.device.systemMode === SYSTEM_MODE_EMERGENCY && route?.emergencyRedirect) {
    const emergency = findRoute(route.emergencyRedirect);
    const to = emergency && landingOf(emergency, ctx);
    if (to) return to;
  }
  // 000 §6: without readings bits the roots land on About › Information, not the module event log.
  if ((path === ROOT_PATH || path === READING_PATH) && !canRead(ctx.permission, AREA_MASK.readings)) {
    const info = findRoute(ABOUT_INFORMATION_PATH);
    const to = info && landingOf(info, ctx);
    if (to) return to;
  }
  return route ? landingOf(route, ctx) : undefined;
}

export const firstAllowedPath = (ctx: NavContext): string | undefined => landingPath(ROOT_PATH, ctx);

/**
 * Where a screen the user may not see sends them. Readings screens without readings bits go to
 * About › Information, open to every signed-in user (000 §6); the module event log stays in the
 * menu for those with configuration or maintenance bits.
 */
export function fallbackPath(path: string, ctx: NavContext): string | undefined {
  if (ctx.device.systemMode === SYSTEM_MODE_EMERGENCY) {
    const to = landingPath(EMERGENCY_PATH, ctx);
    if (to) return to;
  }
  if (isUnder(path, READING_PATH) && !canRead(ctx.permission, AREA_MASK.readings)) {
    const to = landingPath(ABOUT_INFORMATION_PATH, ctx);
    if (to) return to;
  }
  const first = firstAllowedPath(ctx);
  return first === path ? undefined : first;
}

export type RouteDecision = { kind: 'screen' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

/** What the router shows at `pathname`, matched to `route`. Every redirect ends on a screen, so none loops. */
export function decideRoute(route: RouteDef, pathname: string, ctx: NavContext): RouteDecision {
  if (route.public) return isScreen(route, ctx) ? { kind: 'screen' } : { kind: 'notFound' };
  if (isScreen(route, ctx)) {
    if (allowed(pathname, ctx)) return { kind: 'screen' };
    const to = fallbackPath(pathname, ctx);
    return to ? { kind: 'redirect', to } : { kind: 'notFound' };
  }
  // A forwarding route the user may not open still leads somewhere they may.
  const to = landingPath(pathname, ctx) ?? (allowed(pathname, ctx) ? undefined : fallbackPath(pathname, ctx));
  return to && to !== pathname ? { kind: 'redirect', to } : { kind: 'notFound' };
}

function nodeOf(route: RouteDef, ctx: NavContext): NavNode | undefined {
  if (route.hidden) return undefined;
  const to = landingOf(route, ctx);
  if (!to) return undefined;
  const children = childrenOf(route.path).flatMap((c) => nodeOf(c, ctx) ?? []);
  return { route, label: displayName(route), to, children };
}

/**
 * The menu: primary, secondary and ternary entries from the first three path segments, tabs from
 * the fourth. Hidden routes are left out, and so is any entry with no screen the user may open.
 */
export function buildNavTree(ctx: NavContext): NavNode[] {
  return childrenOf(ROOT_PATH).flatMap((r) => nodeOf(r, ctx) ?? []);
}

/** The chain of menu entries containing `pathname`, primary first. */
export function activeTrail(tree: NavNode[], pathname: string): NavNode[] {
  const trail: NavNode[] = [];
  let level = tree;
  for (;;) {
    const hit = level.find((n) => isUnder(pathname, n.route.path));
    if (!hit) return trail;
    trail.push(hit);
    level = hit.children;
  }
}
