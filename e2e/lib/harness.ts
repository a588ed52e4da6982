/**
 * Starts a real module server (a child process on a free loopback port, fresh data folder) and
 * a headless Chromium, for end-to-end tests. Pages are found by label and role.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type * as Playwright from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Dialog, Page } from 'playwright-core';
import { freePort, freePorts, freeUdpPort } from '../../test-peers/free-ports.ts';
import { until } from '../../test-peers/until.ts';
import { moduleServerArgs } from '../../test-peers/module-command.ts';
import { API_PREFIX, TIMING, authEndpoints, type SessionUser } from '@meter/contract';

export const ADMIN_PASSWORD = 'Admin1234';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export { freePort, freePorts, freeUdpPort, until };

/**
 * Playwright loaded by require, not by an ES import: importing this CommonJS package makes Node
 * first scan its 3.6 MB bundle for the names it exports (cjs-module-lexer), about 0.2 s of CPU in
 * each e2e process.
 */
const playwright: typeof Playwright = createRequire(import.meta.url)('playwright-core');
export const { chromium } = playwright;

export interface ModuleServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
  /** Calls the API directly (for setting up users and roles). */
  // The reply of any path, read by tests that assert on its fields: a wrong field fails the assertion.
  api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  login(username?: string, password?: string): Promise<string>;
}

/**
 * `env.MODULE_ADMIN_PASSWORD: ''` starts without a provisioned password: user admin gets a generated
 * default one (read it with `firstStartPassword`), whose session may only change it.
 */
export async function startModule(env: Record<string, string> = {}): Promise<ModuleServer> {
  const [port, modbusPort] = (await freePorts(2)) as [number, number];
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-module-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, moduleServerArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MODULE_DATA_DIR: dataDir,
      MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MODULE_LOG_LEVEL: 'warn',
      MODULE_HTTPS_PORT: '0',
      MODULE_MODBUS_PORT: String(modbusPort),
      MODULE_BACNET_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`module exited with ${child.exitCode}`);
    try {
      return (await fetch(`${baseUrl}/api/systemMode`)).ok;
    } catch {
      return false; // not up yet
    }
  };
  try {
    await until('the module to answer', answers, 60_000);
  } catch (err) {
    // Nobody gets a handle on this module to stop it: its pipes would keep the run alive for ever.
    child.kill('SIGKILL');
    throw new Error(`module did not start (${(err as Error).message}): ${out}`);
  }
  const api: ModuleServer['api'] = async (method, path, body, token) => {
    const res = await fetch(baseUrl + '/api' + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed };
  };
  return {
    baseUrl,
    port,
    dataDir,
    output: () => out,
    api,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const r = await api('POST', '/users/authenticate', { username, password });
      if (r.status !== 200) throw new Error(`login failed ${r.status}`);
      return r.body.data.token as string;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A module that does not end on SIGTERM must not hold the whole run: say so, then kill it.
        const late = setTimeout(() => {
          console.error(`module on port ${port} did not exit within 20 s of SIGTERM; killed`);
          child.kill('SIGKILL');
        }, 20_000);
        await exited;
        clearTimeout(late);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The generated first-start admin password (a module started with `MODULE_ADMIN_PASSWORD: ''`). */
export function firstStartPassword(server: ModuleServer): string {
  return readFileSync(join(server.dataDir, 'initial-admin-password'), 'utf8').trim();
}

/**
 * Browser features no test uses and every window pays for: headless Chromium still builds each
 * window's address bar, whose WebUI popups (the suggestions and the AI Mode one) it preloads in a
 * renderer of their own. Measured: a new context signed in cost 1.8 s of CPU with them, 1.1 s
 * without. The console is not concerned: they are the browser's own pages.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's Chromium (/usr/bin/chromium, or $CHROMIUM_PATH), started through chromium.sh, which
 * merges Playwright's --disable-features list with ours: Chromium reads only the last such switch.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: join(ROOT, 'e2e/lib/chromium.sh'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${UNUSED_FEATURES.join(',')}`,
    ],
  });
}

const DEFAULT_VIEWPORT = { width: 1366, height: 900 };

/**
 * A new context and page; `options` (a viewport, a colour scheme) go over the defaults. The browser
 * asks for reduced motion, as a user may in the system settings: the console's fades and slides
 * (Bootstrap's) then end at once, so a test waits for a dialog or the drawer, not for its
 * animation. Some tests open contexts of their own, without it, so the motion is still run: the
 * phone layout's drawer and tables, the sign-in page's axe check, the dark password checklist.
 */
export async function newPage(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true, viewport: DEFAULT_VIEWPORT, reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Each open page's address, the alerts it shows and its first heading, a line each (what a failed test leaves to read). */
export async function describePages(browser: Browser): Promise<string> {
  const pages = browser.contexts().flatMap((c) => c.pages());
  const lines = await Promise.all(
    pages.map(async (page) => {
      const seen = page
        .evaluate(() => ({
          alerts: [...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent?.trim()).filter(Boolean),
          heading: document.querySelector('h1')?.textContent?.trim() ?? '',
        }))
        .catch((e: unknown) => ({ alerts: [], heading: `(not read: ${String(e)})` }));
      const late = new Promise<{ alerts: string[]; heading: string }>((resolve) => setTimeout(() => resolve({ alerts: [], heading: '(no answer in 2 s)' }), 2000).unref());
      const { alerts, heading } = await Promise.race([seen, late]);
      return `  ${page.url()}: heading "${heading}"; alerts ${JSON.stringify(alerts)}`;
    }),
  );
  return lines.join('\n') || '  (no page open)';
}

/** Signs in through the login form. */
export async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits for the main layout (a sign-in opens the page asked for without a reload, issue 14). */
export async function signInToMain(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** Ends the session through Logout (the module counts concurrent sessions), then closes the context. */
export async function signOut(page: Page): Promise<void> {
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await loggedOut;
  await page.context().close();
}

/** An alert of the global strip that contains the text. */
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** True while the module's listener is away (a reboot): a request to it fails. */
export async function moduleAway(server: ModuleServer): Promise<boolean> {
  try {
    await fetch(`${server.baseUrl}/api/systemMode`, { signal: AbortSignal.timeout(1000) });
    return false;
  } catch {
    return true;
  }
}

/**
 * The page's timers from now on run on a clock the test can move (Playwright's clock; time still
 * flows). Called before the action that starts the reboot countdown, for `endCountdown`.
 */
export async function holdClock(page: Page): Promise<void> {
  clocked.add(page);
  await page.clock.install();
}

/**
 * The reboot countdown (000 §4) shown with `message` and counting, then run out at once: the clock
 * (see `holdClock`) is moved past its TIMING.rebootCountdownSeconds instead of the test waiting them,
 * and the console goes to Login with the reboot parameter. The countdown outlasts the module's
 * going away (within seconds of the command), so it is run out only once the module no longer
 * answers: Login then meets the module away, as after a real countdown. The reboot itself keeps
 * its real time.
 */
export async function endCountdown(page: Page, message: string, server: ModuleServer): Promise<void> {
  const alert = alertWith(page, message);
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', /\d/, 'the countdown shows its seconds');
  await until('the module to go away', () => moduleAway(server), 30_000);
  await page.clock.fastForward(TIMING.rebootCountdownSeconds * 1000);
  await page.waitForURL(/\/login\?reboot=/);
}

export const USER_PASSWORD = 'Secret123';

/**
 * A module with room for many sessions (maxLoginUser 10) and two users: 'boss' (the admin access
 * level without the default-password prompt) and 'viewer' (the built-in view role).
 */
export async function startModuleWithUsers(env: Record<string, string> = {}): Promise<{ server: ModuleServer; admin: string }> {
  const server = await startModule(env);
  const admin = await server.login();
  const general = await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 10, sessionTimeout: 15 }, admin);
  if (general.status !== 200) throw new Error(`general config: ${general.status}`);
  for (const [name, accessLevel] of [
    ['boss', 'admin'],
    ['viewer', 'view'],
  ]) {
    const r = await server.api('POST', '/usermg/user/add', { name, password: USER_PASSWORD, accessLevel }, admin);
    if (r.status !== 200) throw new Error(`add user ${name}: ${r.status}`);
  }
  return { server, admin };
}

/**
 * Pages a test handed back with `keep`, per browser and user, still signed in: the user's next
 * `openAs` loads its path in one instead of opening a window. Measured: a new window signed in
 * costs about 1.1 s of CPU, loading a page in a kept one about 0.35 s.
 */
const kept = new WeakMap<Browser, Map<string, Page>>();
/** Who `openAs` signed in on a page, with the token the module's sign-in reply gave. */
const signedIn = new WeakMap<Page, { user: string; token: string | undefined }>();
/** Pages whose timers run on Playwright's clock (`holdClock`): it cannot be taken off, so they are not kept. */
const clocked = new WeakSet<Page>();

/** A kept page of `user` whose session the module still accepts, loaded at `path`; undefined when there is none. */
async function reuse(browser: Browser, server: ModuleServer, path: string, user: string): Promise<Page | undefined> {
  const page = kept.get(browser)?.get(user);
  if (!page) return undefined;
  kept.get(browser)!.delete(user);
  const token = signedIn.get(page)?.token;
  if (!token || (await server.api('GET', authEndpoints.sessionStatus.path, undefined, token)).status !== 200) {
    await page.context().close();
    return undefined;
  }
  // A form left with changes asks before the load (its unsaved guard): the next test leaves it.
  const leave = (d: Dialog) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss());
  page.on('dialog', leave);
  try {
    await page.goto(path);
  } finally {
    page.off('dialog', leave);
  }
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  return page;
}

/**
 * A page signed in as `user`, opened at `path`: a page of the user's handed back with `keep`
 * (loaded at `path`, as a reload would), else a new browser context through the deep link a user
 * follows, Login with the page asked for, which opens it once signed in without loading the
 * console again.
 */
export async function openAs(browser: Browser, server: ModuleServer, path: string, user: string, password = USER_PASSWORD): Promise<Page> {
  const again = await reuse(browser, server, path, user);
  if (again) return again;
  const { page } = await newPage(browser, server.baseUrl);
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('User Name').fill(user);
  await page.getByLabel('Password').fill(password);
  const reply = page.waitForResponse((r) => new URL(r.url()).pathname === API_PREFIX + authEndpoints.authenticate.path);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const token = ((await (await reply).json()) as { data?: SessionUser }).data?.token;
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  signedIn.set(page, { user, token });
  return page;
}

/**
 * A test is done with a page from `openAs`: it stays signed in for the user's next `openAs` in this
 * browser, without the routes the test added, at the default size, without the test's dialog
 * handlers. A page on Playwright's clock, or of a user who has a kept one already, is closed.
 */
export async function keep(page: Page): Promise<void> {
  const user = signedIn.get(page)?.user;
  const browser = page.context().browser();
  if (!user || !browser || page.isClosed() || clocked.has(page) || kept.get(browser)?.has(user)) {
    await page.context().close();
    return;
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.removeAllListeners('dialog');
  await page.setViewportSize(DEFAULT_VIEWPORT);
  if (!kept.has(browser)) kept.set(browser, new Map());
  kept.get(browser)!.set(user, page);
}
