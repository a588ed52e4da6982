/**
 * The console's JS budgets (issue 14), measured from the built dist (e2e/lib/bundle-budget.ts):
 * gzip bytes of what Login needs before it draws, of the signed-in frame the first screen adds,
 * and of what each screen adds after it; printed beside the targets.
 */
import { LAZY_ROUTE_BUDGET, LOGIN_ROUTE_BUDGET, kb, measureBundle } from '../e2e/lib/bundle-budget.ts';

export function bundleBudgetBench(missed: string[]): void {
  const b = measureBundle();
  const mark = (bytes: number, budget: number) => (bytes <= budget ? 'within' : 'OVER');
  console.log(
    `login route JS (gzip): ${kb(b.loginRoute.bytes)} (target ≤ ${kb(LOGIN_ROUTE_BUDGET)}, ${mark(b.loginRoute.bytes, LOGIN_ROUTE_BUDGET)}) in ${b.loginRoute.files.length} files`,
  );
  console.log(`signed-in frame, once (layout, shared schemas): ${kb(b.frame.bytes)}; first signed-in screen at most ${kb(b.firstScreenMax)} on top of Login`);
  const over = b.lazyRoutes.filter((r) => r.bytes > LAZY_ROUTE_BUDGET);
  const top = b.lazyRoutes.slice(0, 3).map((r) => `${r.screen.replace(/^src\/features\//, '')} ${kb(r.bytes)}`);
  if (b.loginRoute.bytes > LOGIN_ROUTE_BUDGET) missed.push(`login route JS ${kb(b.loginRoute.bytes)} > ${kb(LOGIN_ROUTE_BUDGET)}`);
  for (const r of over) missed.push(`${r.screen} ${kb(r.bytes)} > ${kb(LAZY_ROUTE_BUDGET)}`);
  console.log(`lazy routes (gzip, each after the frame): ${b.lazyRoutes.length} screens, largest ${top.join(', ')} (target ≤ ${kb(LAZY_ROUTE_BUDGET)} each, ${over.length} over)`);
}
