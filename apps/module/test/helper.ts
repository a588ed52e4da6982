/**
 * Builds a module on a fresh temporary data folder, for API tests through app.inject; and
 * `startModuleWithUsers`, the start of a test file: the module, its users signed in.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Services } from '../src/services.ts';
import { INITIAL_PASSWORD_FILE } from '../src/services/users/first-start.ts';

export const ADMIN_PASSWORD = 'Admin1234';
/** The password of the users a test adds, unless it gives another. */
export const USER_PASSWORD = 'Passw0rd1';

/** The generated first-start admin password of a module built with `generatedAdminPassword`. */
export function firstStartPassword(m: TestModule): string {
  return readFileSync(join(m.dataDir, INITIAL_PASSWORD_FILE), 'utf8').trim();
}

export interface TestModule {
  app: FastifyInstance;
  services: Services;
  dataDir: string;
  reboots: number;
  /** Signs in and returns the token; fails the test when sign-in fails. */
  login(username?: string, password?: string): Promise<string>;
  /** app.inject with an optional bearer token; returns status and parsed JSON body. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; raw: string; headers: Record<string, unknown> }>;
  close(keepData?: boolean): Promise<void>;
}

export interface TestModuleOptions {
  dataDir?: string;
  env?: Record<string, string>;
  now?: () => number;
  /** Starts without MODULE_ADMIN_PASSWORD: user admin gets a generated (default) password, see `firstStartPassword`. */
  generatedAdminPassword?: boolean;
  /** Registers extra routes (a fixture section's endpoints) before the app is ready. */
  beforeReady?: (app: FastifyInstance, services: Services) => void;
  /** Returns while a first start still seeds the registers' history (the tests of what reads them meanwhile). */
  duringSeed?: boolean;
}

export async function createTestModule(options: TestModuleOptions = {}): Promise<TestModule> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'module-test-'));
  const provisioned = options.generatedAdminPassword ? {} : { MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD };
  const config = loadConfig({ MODULE_DATA_DIR: dataDir, ...provisioned, MODULE_LOG_LEVEL: 'silent', MODULE_MODBUS_PORT: '0', MODULE_BACNET_PORT: '0', ...options.env });
  const t: Partial<TestModule> & { reboots: number } = { reboots: 0 };
  const { app, services } = await buildApp(config, { requestReboot: () => t.reboots++, now: options.now, logger: false });
  options.beforeReady?.(app, services);
  await app.ready();
  // A first start seeds the registers' history in slices after the start: the tests read it whole.
  if (services.registers.firstStart && !options.duringSeed) await services.registers.caughtUp;
  const call: TestModule['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
    let body: unknown = undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, raw: res.body, headers: res.headers };
  };
  return Object.assign(t, {
    app,
    services,
    dataDir,
    call,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/api/users/authenticate', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.raw}`);
      return res.body.data.token as string;
    },
    async close(keepData = false) {
      await app.close();
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  }) as TestModule;
}

/** Adds a user as `admin` (role 'view' and USER_PASSWORD unless `extra` says otherwise); fails the test when refused. */
export async function addUser(m: TestModule, admin: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await m.call('POST', '/api/usermg/user/add', { token: admin, body: { name, password: USER_PASSWORD, accessLevel: 'view', ...extra } });
  assert.equal(res.status, 200, res.raw);
  assert.deepEqual(res.body, { data: { value: 'Success' } });
}

export async function addRole(m: TestModule, admin: string, name: string, r: number, c: number, mt: number, u: number) {
  const res = await m.call('POST', '/api/usermg/role/add', {
    token: admin,
    body: { name, readingsAllow: r, configurationAllow: c, maintenanceAllow: mt, userConfigAllow: u },
  });
  assert.equal(res.status, 200, res.raw);
}

/** A role's rights in the order of the role form: readings, configuration, maintenance, user management (0 edit, 1 view, 2 none). */
export type RoleRights = readonly [readings: number, configuration: number, maintenance: number, userConfig: number];

/**
 * A user a test file needs: its name (role 'view', USER_PASSWORD), or the fields of the add-user
 * call (`accessLevel`, `password`, `multipleLogin` ...). `signIn: false` adds it without signing
 * it in, for the tests that sign it in themselves: it then has no token.
 */
export type TestUser<N extends string> = N | { name: N; signIn?: boolean; [field: string]: unknown };

export interface ModuleWithUsersOptions<N extends string, R extends string> extends TestModuleOptions {
  /** Runs once the module is ready, before anyone signs in (a history recorded first, on a clock the sessions must not see move). */
  beforeSignIn?: (m: TestModule) => void | Promise<void>;
  /** The general user settings saved before any user signs in (more sessions than the default maxLoginUser ...). */
  general?: { maxLoginUser: number; sessionTimeout: number };
  /** Roles added before the users, with their rights. */
  roles?: Record<string, RoleRights>;
  /** Users added by admin and signed in, in this order; their tokens are keyed by name. */
  users?: readonly TestUser<N>[];
  /** One role per entry and a user `u_<role>` in it (overridePwdPolicy), signed in; their tokens are keyed by role. */
  roleUsers?: Record<R, RoleRights>;
  /** Also listens for real HTTP on a loopback port, at `baseUrl`. */
  listen?: boolean;
}

export interface ModuleWithUsers<N extends string, R extends string> {
  /** The module; `m.close()` stops it (and its listener). */
  m: TestModule;
  /** User admin's bearer token. */
  admin: string;
  /** Bearer tokens by user name (by role for `roleUsers`), user admin's included. */
  tokens: Record<'admin' | N | R, string>;
  /** `http://127.0.0.1:<port>` when started with `listen`, else ''. */
  baseUrl: string;
}

/**
 * The start a test file shares: a module (the options of createTestModule), user admin signed in,
 * the roles and users the file needs added and signed in, and the HTTP listener when asked.
 */
export async function startModuleWithUsers<const N extends string = never, const R extends string = never>(options: ModuleWithUsersOptions<N, R> = {}): Promise<ModuleWithUsers<N, R>> {
  const { beforeSignIn, general, roles = {}, users = [], roleUsers, listen, ...moduleOptions } = options;
  const m = await createTestModule(moduleOptions);
  try {
    await beforeSignIn?.(m);
    const admin = await m.login();
    const tokens = { admin } as Record<string, string>;
    if (general) {
      const res = await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: general });
      assert.equal(res.status, 200, res.raw);
    }
    for (const [role, rights] of Object.entries<RoleRights>(roles)) await addRole(m, admin, role, ...rights);
    for (const user of users) {
      const { name, signIn = true, ...fields } = typeof user === 'string' ? { name: user } : user;
      await addUser(m, admin, name, fields);
      if (signIn) tokens[name] = await m.login(name, typeof fields.password === 'string' ? fields.password : USER_PASSWORD);
    }
    for (const [role, rights] of Object.entries<RoleRights>(roleUsers ?? {})) {
      await addRole(m, admin, role, ...rights);
      await addUser(m, admin, `u_${role}`, { accessLevel: role, overridePwdPolicy: true });
      tokens[role] = await m.login(`u_${role}`, USER_PASSWORD);
    }
    const baseUrl = listen ? await m.app.listen({ port: 0, host: '127.0.0.1' }) : '';
    return { m, admin, tokens: tokens as Record<'admin' | N | R, string>, baseUrl };
  } catch (e) {
    await m.close();
    throw e;
  }
}
