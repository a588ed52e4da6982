/**
 * Every page of the route table, for the tests that sweep the whole console (phone layout, axe):
 * the contract's ROUTES with their parameters filled in, so a screen another area adds is swept
 * as soon as it is registered, and a route with no screen yet shows "Page Not Found" harmlessly.
 * Signed-in pages only.
 */
import { ROUTES } from '@meter/contract';
import type { Page } from 'playwright-core';
import type { ModuleServer } from './harness.ts';

export const SWEEP_ROLE = 'auditor';

/** Gives the parameterised routes something to open: a role of its own (users 'boss' and 'viewer' exist). */
export async function prepareSweep(server: ModuleServer, admin: string): Promise<void> {
  const r = await server.api('POST', '/usermg/role/add', { name: SWEEP_ROLE, readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 1 }, admin);
  if (r.status !== 200) throw new Error(`add role: ${r.status}`);
}

const PARAMS: Readonly<Record<string, string>> = { username: 'viewer', roleName: SWEEP_ROLE };

export function sweepPaths(): string[] {
  const paths = ROUTES.filter((r) => !r.public && !r.redirect).map((r) =>
    r.path.replace(/:(\w+)/g, (_, name: string) => {
      const v = PARAMS[name];
      if (!v) throw new Error(`no value for :${name} in ${r.path}`);
      return v;
    }),
  );
  // Not /login: opening it signs the user out (000 §2), so it is checked on its own.
  return [...new Set(paths)];
}

/** Waits until the screen has drawn: the main column (or the login card) without a loading spinner. */
export async function settle(page: Page): Promise<void> {
  await page.locator('main, form[aria-label="Login"], .card').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.spinner-border').length === 0, undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
}
