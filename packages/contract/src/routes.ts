/**
 * The full route table (002 §2.1) as data: path, name, mask and flags. The console's router,
 * navigation and redirects read it; so does the test that every screen is permission-checked.
 * Display text is the part of the name after the last ", " (000 §2).
 */
import { canRead, canWrite } from './permissions.ts';

export interface RouteDef {
  path: string;
  name: string;
  /** Required permission mask; the nearest route in the matched chain that has one decides. */
  mask?: number;
  /** Not shown in navigation. */
  hidden?: boolean;
  /** Path this route forwards to when opened itself. */
  redirect?: string;
  /** Path this route forwards to in emergency mode (000 §6: the reading and settings roots). */
  emergencyRedirect?: string;
  /** Its children are also drawn as a pill navigation above the screen (001 "Settings, Meter"). */
  pills?: boolean;
  /** Shown only in (or only outside) emergency system mode (mode 2). */
  mode?: 'emergency' | 'normal';
  /** Shown only when the device is demand verified. */
  requires?: 'demandVerified';
  /** Reached without signing in. */
  public?: boolean;
  /** Open to every signed-in user, whatever the masks above it say. */
  everyUser?: boolean;
}

export const SYSTEM_MODE_EMERGENCY = 2;

const R = (path: string, name: string, extra: Omit<RouteDef, 'path' | 'name'> = {}): RouteDef => ({ path, name, ...extra });

const comm = '/setting/communication';
const EMERGENCY = '/setting/emergency';
const um = '/setting/user_management';

/** The only screen of a session that must change its default or expired password (docs/decisions/users-passwords-and-lockout.md). */
export const PASSWORD_CHANGE_PATH = '/change_password';
/** Its route's name, also its screen's title (userManagementTexts.changePasswordTitle). */
export const PASSWORD_CHANGE_NAME = 'Change Password';

export const ROUTES: readonly RouteDef[] = [
  R('/login', 'Login', { hidden: true, public: true }),
  // 000 §2: the route's name is production_test (its screen's title stays "Production Test").
  R('/login/test', 'production_test', { hidden: true, public: true }),
  R('/ce_test', 'CE Test', { hidden: true, mask: 48 }),
  // Decided: where a session on a default or expired password is held until it changes it (002
  // §4.11); open to every signed-in user, since the module refuses everything else to such a session.
  R(PASSWORD_CHANGE_PATH, PASSWORD_CHANGE_NAME, { hidden: true, everyUser: true }),
  R('/', 'Home', { hidden: true, redirect: '/reading', emergencyRedirect: EMERGENCY }),

  R('/reading', 'Reading', { mask: 12, redirect: '/reading/metering', mode: 'normal', emergencyRedirect: EMERGENCY }),
  R('/reading/metering', 'Reading, Metering', { redirect: '/reading/metering/basic_metering' }),
  R('/reading/metering/basic_metering', 'Reading, Metering, Basic'),
  R('/reading/metering/demand', 'Reading, Metering, Demand', { requires: 'demandVerified' }),
  R('/reading/metering/energy', 'Reading, Metering, Energy'),
  R('/reading/metering/harmonics', 'Reading, Metering, Harmonics'),
  R('/reading/metering/io', 'Reading, Metering, IO'),
  // Decided: 000 §2's Current readings view has no route in 002 §2.1; it sits with its siblings.
  R('/reading/metering/current', 'Reading, Metering, Current'),
  R('/reading/log', 'Reading, Log', { redirect: '/reading/log/data_log' }),
  R('/reading/log/data_log', 'Reading, Log, Data Log', { redirect: '/reading/log/data_log/1' }),
  R('/reading/log/data_log/1', 'Reading, Log, Data Log, Data Log 1'),
  R('/reading/log/data_log/2', 'Reading, Log, Data Log, Data Log 2'),
  R('/reading/log/data_log/3', 'Reading, Log, Data Log, Data Log 3'),
  R('/reading/log/data_log/ac', 'Reading, Log, Data Log, AcuCloud'),
  R('/reading/log/alarm_log', 'Reading, Log, Alarm Log'),
  R('/reading/log/event_log', 'Reading, Log, Event Log'),
  R('/reading/log/trend_log', 'Reading, Log, Trend Log', { redirect: '/reading/log/trend_log/realtime' }),
  R('/reading/log/trend_log/realtime', 'Reading, Log, Trend Log, Realtime log'),
  R('/reading/log/trend_log/energy', 'Reading, Log, Trend Log, Energy log'),
  R('/reading/log/trend_log_management', 'Reading, Log, Trend Log Management'),
  // The module's own audit trail stays readable without readings bits (000 §6: "no readings bits
  // leaves only the module event log"); see docs/decisions/contract-permissions-and-routes.md.
  R('/reading/log/module_event_log', 'Reading, Log, Module Event Log', { mask: 12 | 48 | 192 }),

  R('/about', 'About', { mask: 12, redirect: '/about/info' }),
  // Decided: where a user without readings bits lands (000 §6), so open to everyone signed in.
  R('/about/info', 'About, Information', { everyUser: true }),
  R('/about/installation_record', 'About, Installation Record'),
  R('/about/installation_record/new', 'About, Installation Record, New Installation Record', { hidden: true }),
  R('/about/inspection_record', 'About, Inspection Record'),
  R('/about/inspection_record/new', 'About, Inspection Record, New Inspection Record', { hidden: true }),

  R('/setting', 'Settings', { mask: 48, redirect: '/setting/meter', emergencyRedirect: EMERGENCY }),
  R(EMERGENCY, 'Settings, Emergency', { mode: 'emergency', redirect: `${EMERGENCY}/step1` }),
  R(`${EMERGENCY}/step1`, 'Settings, Emergency, Step1', { mode: 'emergency' }),
  R(`${EMERGENCY}/step2`, 'Settings, Emergency, Step2', { mode: 'emergency' }),
  R(`${EMERGENCY}/step3`, 'Settings, Emergency, Step3', { mode: 'emergency' }),
  R('/setting/meter', 'Settings, Meter', { mode: 'normal', redirect: '/setting/meter/general', pills: true }),
  R('/setting/meter/general', 'Settings, Meter, General'),
  R('/setting/meter/user_and_ct', 'Settings, Meter, User & CT'),
  R('/setting/meter/io_and_event', 'Settings, Meter, I/O & Event'),
  R('/setting/meter/alarm', 'Settings, Meter, Alarm'),
  // Decided (issue 26, beyond the spec): where the module reads its meter; admin only to save.
  R('/setting/meter/meter_connection', 'Settings, Meter, Meter Connection'),
  R(comm, 'Settings, Communication', { mask: 48, mode: 'normal', redirect: `${comm}/network`, pills: true }),
  R(`${comm}/network`, 'Settings, Communication, Network'),
  R(`${comm}/network_v6`, 'Settings, Communication, IPv6'),
  R(`${comm}/certificate_management`, 'Settings, Communication, Certificate Management'),
  R(`${comm}/email`, 'Settings, Communication, Email'),
  R(`${comm}/date_time`, 'Settings, Communication, Date & Time'),
  R(`${comm}/data_log`, 'Settings, Communication, Data Log', { redirect: `${comm}/data_log/1` }),
  R(`${comm}/data_log/1`, 'Settings, Communication, Data Log, Data Log 1'),
  R(`${comm}/data_log/2`, 'Settings, Communication, Data Log, Data Log 2'),
  R(`${comm}/data_log/3`, 'Settings, Communication, Data Log, Data Log 3'),
  R(`${comm}/access_control`, 'Settings, Communication, Whitelist Management'),
  R(`${comm}/post_channel`, 'Settings, Communication, Post Channel', { redirect: `${comm}/post_channel/1` }),
  R(`${comm}/post_channel/1`, 'Settings, Communication, Post Channel, Post Channel 1'),
  R(`${comm}/post_channel/2`, 'Settings, Communication, Post Channel, Post Channel 2'),
  R(`${comm}/post_channel/3`, 'Settings, Communication, Post Channel, Post Channel 3'),
  R(`${comm}/acucloud`, 'Settings, Communication, AcuCloud'),
  R(`${comm}/bacnet_ip`, 'Settings, Communication, BACnet/IP'),
  R(`${comm}/snmp`, 'Settings, Communication, SNMP'),
  R(`${comm}/mqtt`, 'Settings, Communication, MQTT', { redirect: `${comm}/mqtt/general` }),
  R(`${comm}/mqtt/general`, 'Settings, Communication, MQTT, General'),
  R(`${comm}/mqtt/user_credentials`, 'Settings, Communication, MQTT, User Credentials'),
  R(`${comm}/mqtt/ssl_tls`, 'Settings, Communication, MQTT, SSL/TLS'),
  R(`${comm}/mqtt/last_will_and_testament`, 'Settings, Communication, MQTT, Last Will and Testament'),
  R(`${comm}/mqtt/topic`, 'Settings, Communication, MQTT, Topic and Parameter Selection'),
  R(`${comm}/remote_access`, 'Settings, Communication, Remote Access'),
  // Decided (issue 27, beyond the spec): who may scrape /metrics.
  R(`${comm}/prometheus`, 'Settings, Communication, Prometheus'),
  R('/setting/management', 'Settings, Management', { mask: 192, mode: 'normal' }),
  R('/setting/management/debug_diagnostic', 'Settings, Management, Debug Diagnostic', { hidden: true }),
  // 001 §2 "Meter Event Log (maintenance)": the route table names no path for it; it sits with
  // the maintenance screens (see docs/decisions/logs-maintenance-meter-event-log.md).
  R('/setting/management/meter_event_log', 'Settings, Management, Meter Event Log'),
  R('/setting/network_diagnostic', 'Settings, Network Diagnostic', { mask: 48, mode: 'normal', redirect: '/setting/network_diagnostic/network_status' }),
  R('/setting/network_diagnostic/network_status', 'Settings, Network Diagnostic, Networking Status'),
  R('/setting/network_diagnostic/host_lookup', 'Settings, Network Diagnostic, Host Lookup'),
  R('/setting/network_diagnostic/connection_test', 'Settings, Network Diagnostic, Connection Test'),
  R('/setting/module_firmware', 'Settings, Module Firmware', { mask: 192, mode: 'normal' }),
  R('/setting/config_management', 'Settings, Config Management', { mask: 48, mode: 'normal' }),
  R(um, 'System Settings, User Management', { mask: 3, mode: 'normal', redirect: `${um}/user_configuration` }),
  R(`${um}/user_configuration`, 'System Settings, User Management, User Configuration', { redirect: `${um}/user_configuration/list` }),
  R(`${um}/user_configuration/list`, 'System Settings, User Management, User Configuration, List', { hidden: true }),
  R(`${um}/user_configuration/new`, 'System Settings, User Management, User Configuration, New', { hidden: true }),
  R(`${um}/user_configuration/edit/:username`, 'System Settings, User Management, User Configuration, Edit', { hidden: true }),
  R(`${um}/role_configuration`, 'System Settings, User Management, Role Configuration', { redirect: `${um}/role_configuration/list` }),
  R(`${um}/role_configuration/list`, 'System Settings, User Management, Role Configuration, List', { hidden: true }),
  R(`${um}/role_configuration/new`, 'System Settings, User Management, Role Configuration, New', { hidden: true }),
  R(`${um}/role_configuration/edit/:roleName`, 'System Settings, User Management, Role Configuration, Edit', { hidden: true }),
  R(`${um}/password_policy`, 'System Settings, User Management, Password Policy'),
  R(`${um}/password_management`, 'System Settings, User Management, Password Management', { redirect: `${um}/password_management/list` }),
  R(`${um}/password_management/list`, 'System Settings, User Management, Password Management, List', { hidden: true }),
  R(`${um}/password_management/edit/:username`, 'System Settings, User Management, Password Management, Edit', { hidden: true }),
  R(`${um}/api_token_management`, 'System Settings, User Management, API Token Management'),
  // Decided: 002 §2.17 says a General page exists but shows no path for it.
  R(`${um}/general`, 'System Settings, User Management, General'),
];

/** The route the admin's default-password prompt continues to (000 §2). */
export const ADMIN_PASSWORD_EDIT_PATH = `${um}/password_management/edit/admin`;

export function displayName(route: Pick<RouteDef, 'name'>): string {
  const i = route.name.lastIndexOf(', ');
  return i < 0 ? route.name : route.name.slice(i + 2);
}

export function routeByName(name: string): RouteDef {
  const r = ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(`no route named ${name}`);
  return r;
}

export const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

interface RouteIndex {
  /** Literal paths (segments joined), each to the position of its first route in ROUTES. */
  exact: Map<string, number>;
  /** Routes with a parameter, their segments split once, in table order. */
  patterns: { at: number; segs: string[] }[];
}

let index: RouteIndex | undefined;
// Built on first use, not at import: the menu and every route check look paths up hundreds of times
// on the first render, and splitting each pattern per lookup cost ~150 ms at a phone's CPU speed.
function routeIndex(): RouteIndex {
  if (index) return index;
  const exact = new Map<string, number>();
  const patterns: RouteIndex['patterns'] = [];
  ROUTES.forEach((r, at) => {
    const segs = segmentsOf(r.path);
    if (segs.some((s) => s.startsWith(':'))) patterns.push({ at, segs });
    else if (!exact.has(segs.join('/'))) exact.set(segs.join('/'), at);
  });
  return (index = { exact, patterns });
}

/** The first route of the table whose pattern matches `path` (`:name` segments match any one segment). */
export function findRoute(path: string): RouteDef | undefined {
  const { exact, patterns } = routeIndex();
  const b = segmentsOf(path);
  let at = exact.get(b.join('/')) ?? ROUTES.length;
  for (const p of patterns) {
    if (p.at >= at) break;
    if (p.segs.length === b.length && p.segs.every((s, i) => s.startsWith(':') || s === b[i])) at = p.at;
  }
  return ROUTES[at];
}

/** The chain of routes from the root section down to `path` (each prefix that is a route). */
export function routeChain(path: string): RouteDef[] {
  const segs = segmentsOf(path);
  const chain: RouteDef[] = [];
  for (let i = 1; i <= segs.length; i++) {
    const r = findRoute('/' + segs.slice(0, i).join('/'));
    if (r) chain.push(r);
  }
  return chain;
}

/** 002 §6: the nearest route in the matched chain that has a mask decides; none under an everyUser route. */
export function maskOf(path: string): number | undefined {
  const chain = routeChain(path);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (chain[i]!.everyUser) return undefined;
    if (chain[i]!.mask !== undefined) return chain[i]!.mask;
  }
  return undefined;
}

export interface DeviceContext {
  systemMode: number;
  demandVerified: boolean;
}

/** Whether a signed-in user with `permission` may see the route, in the given device state. */
export function isRouteAllowed(path: string, permission: number, device: DeviceContext): boolean {
  const chain = routeChain(path);
  if (chain.length === 0) return false;
  const emergency = device.systemMode === SYSTEM_MODE_EMERGENCY;
  for (const r of chain) {
    if (r.mode === 'emergency' && !emergency) return false;
    if (r.mode === 'normal' && emergency) return false;
    if (r.requires === 'demandVerified' && !device.demandVerified) return false;
  }
  const mask = maskOf(path);
  return mask === undefined || canRead(permission, mask);
}

export function canWriteRoute(path: string, permission: number): boolean {
  const mask = maskOf(path);
  return mask !== undefined && canWrite(permission, mask);
}

/** Level of a route in navigation: 1 primary, 2 secondary, 3 ternary, 4 tabs and pills. */
export const navLevel = (route: RouteDef): number => segmentsOf(route.path).length;
