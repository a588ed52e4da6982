/**
 * The console's JS budgets (issue 14), measured from the built dist (e2e/lib/bundle-budget.ts):
 * gzip bytes of what Login needs before it draws, of what Basic Metering (the landing screen)
 * loads beyond it (the signed-in frame and the screen's own chunks), and of what each screen adds
 * after the frame; printed beside the targets.
 */
import { BASIC_METERING_BUDGET, LAZY_ROUTE_BUDGET, LOGIN_ROUTE_BUDGET, kb, measureBundle } from '../e2e/lib/bundle-budget.ts';

export function bundleBudgetBench(missed: string[]): void {
  const b = measureBundle();
  const mark = (bytes: number, budget: number) => (bytes <= budget ? 'within' : 'OVER');
  console.log(
    `login route JS (gzip): ${kb(b.loginRoute.bytes)} (target ≤ ${kb(LOGIN_ROUTE_BUDGET)}, ${mark(b.loginRoute.bytes, LOGIN_ROUTE_BUDGET)}) in ${b.loginRoute.files.length} files`,
  );
  console.log(
    `Basic Metering beyond login (gzip): ${kb(b.basicMetering.bytes)} (target ≤ ${kb(BASIC_METERING_BUDGET)}, ${mark(b.basicMetering.bytes, BASIC_METERING_BUDGET)}): signed-in frame ${kb(b.frame.bytes)} + the screen ${kb(b.basicMetering.bytes - b.frame.bytes)}`,
  );
  console.log(`first signed-in screen at most ${kb(b.firstScreenMax)} on top of Login`);
  const over = b.lazyRoutes.filter((r) => r.bytes > LAZY_ROUTE_BUDGET);
  const top = b.lazyRoutes.slice(0, 3).map((r) => `${r.screen.replace(/^src\/features\//, '')} ${kb(r.bytes)}`);
  if (b.loginRoute.bytes > LOGIN_ROUTE_BUDGET) missed.push(`login route JS ${kb(b.loginRoute.bytes)} > ${kb(LOGIN_ROUTE_BUDGET)}`);
  if (b.basicMetering.bytes > BASIC_METERING_BUDGET) missed.push(`Basic Metering beyond login ${kb(b.basicMetering.bytes)} > ${kb(BASIC_METERING_BUDGET)}`);
  for (const r of over) missed.push(`${r.screen} ${kb(r.bytes)} > ${kb(LAZY_ROUTE_BUDGET)}`);
  console.log(`lazy routes (gzip, each after the frame): ${b.lazyRoutes.length} screens, largest ${top.join(', ')} (target ≤ ${kb(LAZY_ROUTE_BUDGET)} each, ${over.length} over)`);
}
