/**
 * `npm run bench [-- <names>] [--seconds N] [--minutes N]`: the issue's figures, each printed
 * beside its target; the process exits 1 when one is missed. Names (default all, in this order):
 * bundle (the console's JS budgets), store (size and startup), load (50 consoles, event loop),
 * memory, layout, lighthouse, trends, outside (the bench's poll latency against curl's), fleet
 * (Prometheus scraping N modules; --modules N, default 20), meter-slow (the consoles' polls behind a
 * meter answering in 900 ms); and `main-thread` (Basic Metering's long tasks from a trace), which
 * runs only when named.
 * --seconds: each phase of the console load, the scrape beside the consoles and the slow meter
 * (default 30); --minutes: the memory run (default 3; the issue's run is 30). The fleet's scraping
 * lasts 2 minutes, or --seconds, or else --minutes, when given.
 */
import { bundleBudgetBench } from './bundle-budget.ts';
import { consoleLoadBench } from './console-load.ts';
import { fleetBench } from './fleet.ts';
import { layoutShiftBench } from './layout-shift.ts';
import { lighthouseBench } from './lighthouse.ts';
import { mainThreadBench } from './main-thread.ts';
import { meterSlowBench } from './meter-slow.ts';
import { benchStore } from './lib/store.ts';
import { outsideBench } from './outside.ts';
import { memoryBench, storeAndStartupBench } from './startup-memory.ts';
import { trendsBench } from './trends.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!(v > 0)) throw new Error(`--${name} needs a positive number`);
  return v;
}
const given = (name: string) => process.argv.includes(`--${name}`);

const BENCHES = ['bundle', 'store', 'load', 'memory', 'layout', 'lighthouse', 'trends', 'outside', 'fleet', 'meter-slow', 'main-thread'] as const;
const named = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
for (const n of named) if (!(BENCHES as readonly string[]).includes(n)) throw new Error(`unknown bench ${n}; one of ${BENCHES.join(', ')}`);
const chosen = new Set(named.length ? named : BENCHES.filter((b) => b !== 'main-thread'));
const seconds = option('seconds', 30);
const minutes = option('minutes', 3);
const fleetSeconds = given('seconds') ? seconds : given('minutes') ? minutes * 60 : 120;
const modules = Math.round(option('modules', 20));

const missed: string[] = [];
// The built console's JS budgets first: they need no server.
if (chosen.has('bundle')) bundleBudgetBench(missed);
try {
  if (chosen.has('store')) await storeAndStartupBench(missed);
  if (chosen.has('load')) await consoleLoadBench(missed, seconds);
  if (chosen.has('memory')) await memoryBench(missed, minutes);
  if (chosen.has('layout')) await layoutShiftBench(missed);
  if (chosen.has('lighthouse')) await lighthouseBench(missed);
  if (chosen.has('trends')) await trendsBench(missed);
  // The outside comparison exports from the 30-day store too.
  if (chosen.has('outside')) await outsideBench(missed);
  if (chosen.has('fleet')) await fleetBench(missed, { modules, seconds: fleetSeconds, phaseSeconds: seconds });
  if (chosen.has('meter-slow')) await meterSlowBench(missed, seconds);
  if (chosen.has('main-thread')) await mainThreadBench();
} finally {
  if (chosen.has('store') || chosen.has('load') || chosen.has('memory') || chosen.has('outside')) benchStore().dispose();
}

console.log(missed.length ? `\ntargets missed: ${missed.join('; ')}` : '\nevery target holds');
process.exitCode = missed.length ? 1 : 0;
