/**
 * Every API call, declared once (ts-rest style): method, path, the schemas of its path
 * parameters, query, body and replies, the permission area and whether it reads or writes. The
 * module registers a handler per entry, validates with the schemas and its permission hook reads
 * `auth`; the console derives its fetchers from the same entries.
 */
import { z } from 'zod';
import { hasAccess, type AccessKind, type Area } from './permissions.ts';
import { emptyBody, errorReply, successReply, valueOneBody } from './schemas/common.ts';
import * as auth from './schemas/auth.ts';
import * as device from './schemas/device.ts';
import * as logs from './schemas/logs.ts';
import * as readings from './schemas/readings.ts';
import * as metering from './schemas/metering.ts';
import * as trends from './schemas/trends.ts';
import * as users from './schemas/users.ts';
import * as meter from './schemas/meter-settings.ts';
import { DEFAULT_SECTION_CONTEXTS, sectionBody, type AnySection } from './sections/section.ts';
import { meterAlarmSection, meterGeneralSection, meterIoSection, meterUserCtSection } from './sections/meter.ts';
import { passwordPolicySection } from './sections/users.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anybody, any signed-in user, or users with read / write on one of the areas. */
export type EndpointAuth =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | {
      readonly kind: 'area';
      readonly areas: readonly Area[];
      readonly access: AccessKind;
      /** A second grant that also opens the call (the API token: view on readings or edit on user configuration). */
      readonly also?: { readonly areas: readonly Area[]; readonly access: AccessKind };
    };

/** Whether a caller with these permission bits may make a call of this auth (public and session aside). */
export function areaAuthAllows(auth: Extract<EndpointAuth, { kind: 'area' }>, permission: number): boolean {
  const grants = auth.also ? [auth, auth.also] : [auth];
  return grants.some((g) => g.areas.some((area) => hasAccess(permission, area, g.access)));
}

/**
 * The reply of every failure, under `data` like any reply (docs/api.md): the message in `value`,
 * messages by field in `errors`. One shape for every endpoint; each entry names it in `error`.
 */
export const ERROR_REPLY = errorReply;

type Schema = z.ZodType | undefined;

export interface Endpoint<B extends Schema = Schema, R extends Schema = Schema, P extends Schema = Schema, Q extends Schema = Schema, A extends EndpointAuth = EndpointAuth> {
  method: Method;
  /** Path under /api, with :params. */
  path: string;
  /** The :params of `path`, an object schema with exactly those keys (the router gives strings). */
  params?: P;
  /**
   * The query string the call reads, an object schema. Other keys must pass (downloads carry
   * `?token=`, the console adds `time`): a plain z.object, which drops them, never a strict one.
   */
  query?: Q;
  body?: B;
  reply?: R;
  /** The reply on failure (status ≥ 400): ERROR_REPLY for every entry. */
  error?: typeof ERROR_REPLY;
  auth: A;
  /** Replies with a file instead of `{data}`. */
  file?: boolean;
  /**
   * A settings section's GET or PUT: the module serves it with the generic section handler (the
   * PUT validated with `section.body` under the live device context, `body` only types it), the
   * console draws it with the section form.
   */
  section?: AnySection;
  /**
   * Open to a session that must change its password (expired, in the grace period): every other
   * protected call is refused with 403 until the password is changed.
   */
  duringPasswordChange?: true;
}

// Literal kinds, not the EndpointAuth union: the module types the caller non-null where the auth is not public.
const PUBLIC = { kind: 'public' } as const;
const SESSION = { kind: 'session' } as const;
const read = (...areas: Area[]) => ({ kind: 'area', areas, access: 'read' }) as const;
const write = (...areas: Area[]) => ({ kind: 'area', areas, access: 'write' }) as const;
/** Device facts every screen reads (seal, wiring, versions), About › Information's included: any area with view. */
const DEVICE_FACTS = read('readings', 'configuration', 'maintenance', 'userConfig');

/** The :params of a path, each a string; the handler judges the value (an unknown one is 404). */
const pathParams = <K extends string>(...keys: K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);

const ep = <B extends Schema = undefined, R extends Schema = undefined, P extends Schema = undefined, Q extends Schema = undefined, A extends EndpointAuth = EndpointAuth>(
  e: Endpoint<B, R, P, Q, A>,
) => ({ ...e, error: ERROR_REPLY });

/** A section's GET: replies its data (secrets blanked) with the revision in the ETag header. */
const sectionRead = <S extends AnySection, A extends EndpointAuth>(path: string, section: S, auth: A) => ep({ method: 'GET', path, reply: section.data as S['data'], auth, section });
/** A section's PUT: the whole object, typed by the rules under a neutral context; If-Match may name the revision edited. */
const sectionWrite = <A extends EndpointAuth>(path: string, section: AnySection, auth: A) =>
  ep({ method: 'PUT', path, body: sectionBody(section, DEFAULT_SECTION_CONTEXTS[section.context]), reply: successReply, auth, section });

export const endpoints = {
  // Sign-in and session (000 §7). Logout is the module's own call: the spec shows none.
  authenticate: ep({ method: 'POST', path: '/users/authenticate', body: auth.loginBody, reply: auth.sessionUser, auth: PUBLIC }),
  logout: ep({ method: 'POST', path: '/users/logout', body: emptyBody, reply: successReply, auth: SESSION, duringPasswordChange: true }),
  systemMode: ep({ method: 'GET', path: '/systemMode', reply: auth.systemModeReply, auth: PUBLIC }),
  certificate: ep({ method: 'GET', path: '/cert_accu.cer', auth: PUBLIC, file: true }),
  productionTestResult: ep({ method: 'GET', path: '/productionTest/result', reply: device.productionTestResult, auth: PUBLIC }),

  // Device (000 §7).
  rebootSystem: ep({ method: 'PATCH', path: '/command/rebootSystem', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  homePageInfo: ep({ method: 'GET', path: '/command/homePageInfo', reply: device.homePageInfo, auth: SESSION }),
  /** The meter settings (001 §3); the console's Basic screen reads voltageWiring from it too. */
  meterSettings: sectionRead('/settings/meter', meterGeneralSection, DEVICE_FACTS),
  deviceInfo: ep({ method: 'GET', path: '/settings/deviceInfo', reply: device.deviceInfo, auth: DEVICE_FACTS }),
  storageStatus: ep({ method: 'PATCH', path: '/command/deviceInfo/getStorageStatus', body: emptyBody, reply: device.storageStatus, auth: DEVICE_FACTS }),
  diskStatus: ep({ method: 'GET', path: '/command/getDiskStatus', reply: device.diskStatus, auth: DEVICE_FACTS }),
  mcStatus: ep({ method: 'GET', path: '/command/getMCStatus', reply: device.mcStatusReply, auth: DEVICE_FACTS }),
  wiringType: ep({ method: 'GET', path: '/command/getWiringType', reply: device.wiringTypeReply, auth: DEVICE_FACTS }),
  userNames: ep({ method: 'GET', path: '/settings/getUserName', reply: device.userNameMapping, auth: read('readings', 'configuration') }),
  diNames: ep({ method: 'GET', path: '/settings/getDiName', reply: device.diNameMapping, auth: read('readings', 'configuration') }),

  // Readings (000 §7).
  realtimeSystem: ep({ method: 'GET', path: '/readings/realtime/system', reply: readings.readingRows, auth: read('readings') }),
  realtimeChannel: ep({ method: 'GET', path: '/readings/realtime/channels/:channel', params: pathParams('channel'), reply: readings.readingRows, auth: read('readings') }),
  energySystem: ep({ method: 'GET', path: '/readings/energy/system', reply: metering.energyRows, auth: read('readings') }),
  energyChannel: ep({ method: 'GET', path: '/readings/energy/channels/:channel', params: pathParams('channel'), reply: metering.energyRows, auth: read('readings') }),
  demandSystem: ep({ method: 'GET', path: '/readings/demand/system', reply: metering.demandRows, auth: read('readings') }),
  demandChannel: ep({ method: 'GET', path: '/readings/demand/channels/:channel', params: pathParams('channel'), reply: metering.demandRows, auth: read('readings') }),
  harmonicsVoltage: ep({ method: 'GET', path: '/readings/harmonics/voltage', reply: metering.harmonicsRows, auth: read('readings') }),
  harmonicsCurrent: ep({ method: 'GET', path: '/readings/harmonics/current/:channel', params: pathParams('channel'), reply: metering.harmonicsRows, auth: read('readings') }),
  io: ep({ method: 'GET', path: '/readings/io', reply: metering.ioReply, auth: read('readings') }),
  /** The console shows Toggle to admin only (000 §6); the server's rule is readings edit. */
  setRO: ep({ method: 'PATCH', path: '/command/setRO', body: metering.setRoBody, reply: successReply, auth: write('readings') }),

  // Logs (001 §7, 002 §7.8). Reading the module event log needs view on any of readings,
  // configuration or maintenance (000 §6, docs/decisions.md); clearing a log destroys records,
  // a maintenance action like Management's reset of the alarm record (002 §2.11). Exports only
  // copy what the caller may already list, so they need the same view as the list.
  moduleEventLog: ep({ method: 'GET', path: '/eventLog', query: logs.logQuery, reply: logs.moduleEventLogReply, auth: read('readings', 'configuration', 'maintenance') }),
  clearModuleEventLog: ep({ method: 'PATCH', path: '/eventLog/clear', body: logs.clearLogBody, reply: successReply, auth: write('maintenance') }),
  exportModuleEventLog: ep({ method: 'PATCH', path: '/eventLog/export', body: logs.exportLogBody, reply: logs.exportLogReply, auth: read('readings', 'configuration', 'maintenance') }),
  moduleEventLogFile: ep({ method: 'GET', path: '/eventLog/export/:fileName', params: pathParams('fileName'), auth: read('readings', 'configuration', 'maintenance'), file: true }),
  /** Plain list newest first; with idStart/idEnd (maintenance page) {count, eventLogs}. */
  meterEventLog: ep({ method: 'GET', path: '/readings/systemEvent', query: logs.meterEventLogQuery, reply: logs.meterEventReply, auth: read('readings', 'maintenance') }),
  clearMeterEventLog: ep({ method: 'PATCH', path: '/log/event/delete', body: logs.clearLogBody, reply: successReply, auth: write('maintenance') }),
  exportMeterEventLog: ep({ method: 'PATCH', path: '/log/eventLog/export', body: logs.exportLogBody, reply: logs.exportLogReply, auth: read('readings', 'maintenance') }),
  meterEventLogFile: ep({ method: 'GET', path: '/log/eventLog/export/:fileName', params: pathParams('fileName'), auth: read('readings', 'maintenance'), file: true }),
  alarmLog: ep({ method: 'GET', path: '/readings/alarm', reply: logs.alarmLogReply, auth: read('readings') }),
  dataLogFiles: ep({ method: 'GET', path: '/fileList/dataLog/backup:id', params: pathParams('id'), reply: logs.dataLogFileList, auth: read('readings') }),
  /** 001 §6: the handler also requires the admin access level (a role name the area bits cannot express). */
  deleteDataLogFiles: ep({ method: 'PATCH', path: '/fileList/dataLog/backup:id', params: pathParams('id'), body: logs.deleteDataLogBody, reply: successReply, auth: write('readings') }),
  dataLogFile: ep({ method: 'GET', path: '/backup/backup:id/:filename', params: pathParams('id', 'filename'), auth: read('readings'), file: true }),

  // Trend logs (001 §7). Chart calls carry {parameter}&{start}&{end}&{interval} in one segment
  // (schemas/trends.ts). Generating, stopping and deleting the export file need only readings
  // view: the file holds nothing the caller cannot already chart, and it is the reader's own
  // download (one export slot per device; a new one replaces the file). Clearing the trend store
  // destroys records: maintenance edit, as Emergency Mode's "clears the trend log" (002 §2.16).
  realtimeTrend: ep({
    method: 'GET',
    path: '/trendlog/realTime/:spec',
    params: trends.realtimeTrendParams,
    query: trends.trendChartQuery,
    reply: trends.trendRows,
    auth: read('readings'),
  }),
  energyTrend: ep({ method: 'GET', path: '/trendlog/energy/:spec', params: trends.energyTrendParams, query: trends.energyTrendQuery, reply: trends.trendRows, auth: read('readings') }),
  trendLogRange: ep({ method: 'GET', path: '/command/trendlog/getLogMaxMin', reply: trends.trendLogRange, auth: read('readings') }),
  trendLogExportStatus: ep({ method: 'GET', path: '/command/trendlog/getLogExportStat', reply: trends.trendExportStatus, auth: read('readings') }),
  exportTrendLog: ep({ method: 'PATCH', path: '/command/trendlog/exportLog', body: trends.exportTrendLogBody, reply: successReply, auth: read('readings') }),
  cancelTrendLogExport: ep({ method: 'PATCH', path: '/command/trendlog/cancelExportLog', body: valueOneBody, reply: successReply, auth: read('readings') }),
  deleteTrendLogExport: ep({ method: 'PATCH', path: '/command/trendlog/deleteExportLog', body: valueOneBody, reply: successReply, auth: read('readings') }),
  resetTrendLog: ep({ method: 'PATCH', path: '/command/trendlog/resetLogDB', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  /** Opened as a link (token in the query); the name must be the ready export's. */
  trendLogFile: ep({ method: 'GET', path: '/exportLog/:fileName', params: pathParams('fileName'), auth: read('readings'), file: true }),

  // Meter settings (001 §7): configuration view reads, configuration edit writes. Each is a section
  // (sections/meter.ts): a PUT carries the whole object and is validated under the device's state;
  // settings/meter is read above (DEVICE_FACTS).
  saveMeterSettings: sectionWrite('/settings/meter', meterGeneralSection, write('configuration')),
  alarmConfig: sectionRead('/settings/alarmConfig', meterAlarmSection, read('configuration')),
  saveAlarmConfig: sectionWrite('/settings/alarmConfig', meterAlarmSection, write('configuration')),
  ioConfig: sectionRead('/settings/ioConfig', meterIoSection, read('configuration')),
  saveIoConfig: sectionWrite('/settings/ioConfig', meterIoSection, write('configuration')),
  userCtConfig: sectionRead('/settings/userCtConfig', meterUserCtSection, read('configuration')),
  saveUserCtConfig: sectionWrite('/settings/userCtConfig', meterUserCtSection, write('configuration')),
  /** Replies {value: 'Password updated'}; a wrong current password is 400 'Current password incorrect'. */
  setMeterPassword: ep({ method: 'PATCH', path: '/command/meter/setMeterPassword', body: meter.setMeterPasswordBody, reply: successReply, auth: write('configuration') }),

  // Users, roles, policy, token (002 §7.9). Paths spelled as in the spec.
  generalUserConfig: ep({ method: 'GET', path: '/usrmg/general/config', reply: users.generalUserConfig, auth: read('userConfig') }),
  saveGeneralUserConfig: ep({ method: 'PUT', path: '/usrmg/general/config', body: users.generalUserConfig, reply: successReply, auth: write('userConfig') }),
  userList: ep({ method: 'GET', path: '/usermg/user/list', reply: z.array(users.userListEntry), auth: read('userConfig') }),
  addUser: ep({ method: 'POST', path: '/usermg/user/add', body: users.userAddBody, reply: successReply, auth: write('userConfig') }),
  lockUser: ep({ method: 'PATCH', path: '/usermg/user/lockout', body: users.userLockoutBody, reply: successReply, auth: write('userConfig') }),
  removeUser: ep({ method: 'PATCH', path: '/usermg/user/remove', body: users.userRemoveBody, reply: successReply, auth: write('userConfig') }),
  userConfig: ep({ method: 'GET', path: '/usermg/user/config/:username', params: pathParams('username'), reply: users.userListEntry, auth: read('userConfig') }),
  saveUserConfig: ep({
    method: 'PUT',
    path: '/usermg/user/config/:username',
    params: pathParams('username'),
    body: users.userConfigBody,
    reply: successReply,
    auth: write('userConfig'),
  }),
  setUserPassword: ep({
    method: 'PUT',
    path: '/usermg/user/pwd/:username',
    params: pathParams('username'),
    body: users.userPasswordBody,
    reply: successReply,
    auth: write('userConfig'),
  }),
  /** A user's own password change with the current password (any signed-in user, own name only). */
  setPassword: ep({ method: 'PATCH', path: '/command/setPassword', body: users.setPasswordBody, reply: successReply, auth: SESSION, duringPasswordChange: true }),
  roleList: ep({ method: 'GET', path: '/usermg/role/list', reply: users.roleList, auth: read('userConfig') }),
  addRole: ep({ method: 'POST', path: '/usermg/role/add', body: users.role, reply: successReply, auth: write('userConfig') }),
  removeRole: ep({ method: 'PATCH', path: '/usermg/role/remove', body: users.roleRemoveBody, reply: successReply, auth: write('userConfig') }),
  roleConfig: ep({ method: 'GET', path: '/usermg/role/config/:roleName', params: pathParams('roleName'), reply: users.role, auth: read('userConfig') }),
  saveRoleConfig: ep({ method: 'PUT', path: '/usermg/role/config/:roleName', params: pathParams('roleName'), body: users.role, reply: successReply, auth: write('userConfig') }),
  passwordPolicy: sectionRead('/settings/passwordPolicy', passwordPolicySection, read('userConfig')),
  savePasswordPolicy: sectionWrite('/settings/passwordPolicy', passwordPolicySection, write('userConfig')),
  apiToken: ep({ method: 'GET', path: '/command/getApiToken', reply: users.apiTokenReply, auth: { ...write('userConfig'), also: read('readings') } }),
  regenerateApiToken: ep({ method: 'PATCH', path: '/command/regenerateViewToken', body: valueOneBody, reply: successReply, auth: write('userConfig') }),
} as const;

export type EndpointName = keyof typeof endpoints;

/** The PUT that saves the section a GET endpoint reads. */
export function sectionSaveOf(name: EndpointName): EndpointName | undefined {
  const section = (endpoints[name] as Endpoint).section;
  if (!section) return undefined;
  return (Object.keys(endpoints) as EndpointName[]).find((n) => (endpoints[n] as Endpoint).section === section && endpoints[n].method === 'PUT');
}
export const API_PREFIX = '/api';

/** Fills :params of an endpoint path and prefixes /api. */
export function endpointUrl(path: string, params: Record<string, string | number> = {}): string {
  return (
    API_PREFIX +
    path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) throw new Error(`missing path parameter ${k}`);
      return encodeURIComponent(String(v));
    })
  );
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type ReplyOf<E> = E extends Endpoint<z.ZodType | undefined, infer R> ? (R extends z.ZodType ? z.output<R> : unknown) : never;

/**
 * The API token (002 §2.20) is a read-only key for machines: it grants view on readings only.
 * Decided here (the spec does not say what the token opens); see docs/decisions.md.
 */
export const API_TOKEN_PERMISSION = 4;
