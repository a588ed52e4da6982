/** Builds a module on a fresh temporary data folder, for API tests through app.inject. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Services } from '../src/services.ts';
import { INITIAL_PASSWORD_FILE } from '../src/services/users/first-start.ts';

export const ADMIN_PASSWORD = 'Admin1234';

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
