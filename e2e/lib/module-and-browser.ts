/**
 * The frame most e2e files share: one module and one Chromium for the file (or the describe block),
 * started before its tests and closed after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, startModule, startModuleWithUsers, type ModuleServer } from './harness.ts';

type Env = Record<string, string>;

export interface ModuleAndBrowserOptions {
  /**
   * The module's environment. A function is called inside the before hook, so it may read peers
   * (a CA, a port) that a before hook registered earlier in the file has started.
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
 * keeps them in its own variables); `after` closes Chromium, then stops the module. Hooks follow
 * registration order, so a peer the module needs is started in a `before` registered ahead of this
 * call and closed in an `after` registered behind it, once the module is gone.
 */
export function useModuleAndBrowser(ready: (m: ModuleWithUsersAndBrowser) => void, options?: ModuleAndBrowserOptions): void;
export function useModuleAndBrowser(ready: (m: BareModuleAndBrowser) => void, options: ModuleAndBrowserOptions & { bare: true }): void;
export function useModuleAndBrowser(
  ready: ((m: ModuleWithUsersAndBrowser) => void) | ((m: BareModuleAndBrowser) => void),
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
      (ready as (m: BareModuleAndBrowser) => void)({ server, browser });
    } else {
      const started = await startModuleWithUsers(env);
      server = started.server;
      browser = await launchBrowser();
      (ready as (m: ModuleWithUsersAndBrowser) => void)({ server, browser, admin: started.admin });
    }
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
