/** axe-core injected into the page under test (the npm package's own bundle), run on the whole document. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The rules a colour scheme can change: the page's structure, names and roles are the same in light
 * and dark (only CSS variables differ), so a sweep already run in light runs only these in dark.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** The violations on the page as it is now, each as one readable line (`rules`: only those). */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // Colours read mid-transition (a colour scheme just switched, a modal's backdrop fading in) are
  // neither the old nor the new ones: wait until the page's CSS transitions have ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  // Evaluated by the test driver, not added as a script tag: the module's CSP refuses inline scripts.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const only = rules ? `, runOnly: { type: 'rule', values: ${JSON.stringify(rules)} }` : '';
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations']${only} }).then((r) => r.violations)`);
  return violations.map(
    (v) =>
      `${v.impact ?? ''} ${v.id} (${v.help}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
}
