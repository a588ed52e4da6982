/**
 * The frame most e2e files share: one module and one Chromium for the file (or the describe block),
 * started before its tests and closed after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { describePages, launchBrowser, startModule, startModuleWithUsers, type ModuleServer } from './harness.ts';

type Env = Record<string, string>;

export interface ModuleAndBrowserOptions {
  /**
   * The module's environment. A function is called inside the before hook: start the peers the
   * module needs there (a CA, a port), since at a file's top level Node 20 does not wait for a
   * `before` registered earlier to finish before it runs this one.
   */
  env?: Env | (() => Env | Promise<Env>);
  /** Fills a fresh data folder before the module first starts on it (history to show); removed after. */
  prepareDataDir?: (dir: string) => Promise<void>;
}

/** With users: the module of `startModuleWithUsers` (boss, viewer, ten sessions) and an admin token. */
export interface ModuleWithUsersAndBrowser {
  server: ModuleServer;
  browser: Browser;
  admin: string;
}

/** Bare: the module of `startModule` (the provisioned admin alone, no session opened). */
export interface BareModuleAndBrowser {
  server: ModuleServer;
  browser: Browser;
}

/**
 * Registers the hooks: `before` starts the module and Chromium and hands them to `ready` (the file
 * keeps them in its own variables, and may set the module up for the file's tests: it is awaited,
 * where a second top-level `before` would run beside this one on Node 20); `after` closes Chromium,
 * then stops the module. A peer the
 * module needs is started in `env` (see there) and closed in an `after` registered behind this call.
 */
export function useModuleAndBrowser(ready: (m: ModuleWithUsersAndBrowser) => unknown, options?: ModuleAndBrowserOptions): void;
export function useModuleAndBrowser(ready: (m: BareModuleAndBrowser) => unknown, options: ModuleAndBrowserOptions & { bare: true }): void;
export function useModuleAndBrowser(
  ready: ((m: ModuleWithUsersAndBrowser) => unknown) | ((m: BareModuleAndBrowser) => unknown),
  options: ModuleAndBrowserOptions & { bare?: boolean } = {},
): void {
  let server: ModuleServer | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  before(async () => {
    let env = typeof options.env === 'function' ? await options.env() : options.env;
    if (options.prepareDataDir) {
      dataDir = mkdtempSync(join(tmpdir(), 'e2e-prepared-'));
      await options.prepareDataDir(dataDir);
      env = { ...env, MODULE_DATA_DIR: dataDir };
    }
    if (options.bare) {
      server = await startModule(env);
      browser = await launchBrowser();
      await (ready as (m: BareModuleAndBrowser) => unknown)({ server, browser });
    } else {
      const started = await startModuleWithUsers(env);
      server = started.server;
      browser = await launchBrowser();
      await (ready as (m: ModuleWithUsersAndBrowser) => unknown)({ server, browser, admin: started.admin });
    }
  });
  // A failed test says where its pages were: CI's output is all a flake leaves behind.
  afterEach(async (t) => {
    // `passed` is Node's since 20.12; its types here predate it.
    if (Reflect.get(t, 'passed') === false && browser) console.error(`${t.name} failed; the pages then:\n${await describePages(browser)}`);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
