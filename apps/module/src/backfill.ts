/**
 * `npm run backfill -- --days 30 [--energy-days 365]`: fills the data folder (MODULE_DATA_DIR,
 * default ./data where npm was run) with trend history from the simulated meter. Opens the module
 * the way a start does (so identity, registers and time zone are the folder's own) but never
 * listens. Idempotent: what exists is skipped. Run it while the module is stopped: its hour-long
 * write transactions would make a running module's 1-Hz commits wait. Refused on a real meter
 * source (MODULE_METER): it would invent history.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { backfillTrends, registerEnergy, registerHarmonics } from './services/trends/index.ts';

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number of days`);
  return v;
}

async function main(): Promise<void> {
  const days = arg('days') ?? 0;
  const energyDays = arg('energy-days') ?? 0;
  if (!days && !energyDays) throw new Error('usage: npm run backfill -- --days 30 [--energy-days 365]');
  // npm runs workspace scripts in the workspace; a relative data folder means where npm was run.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const { app, services } = await buildApp(config, { logger: false });
  try {
    // History made up from a real meter's present values would be invented data (issue 26).
    if (services.meter.kind !== 'simulated') throw new Error(`backfill writes the simulated meter's history: it does not run on a ${services.meter.kind} meter source`);
    const t0 = performance.now();
    const r = await backfillTrends(services.trends, {
      days,
      energyDays,
      now: Date.now(),
      meter: services.meter,
      harmonics: registerHarmonics(services.meter),
      energy: registerEnergy(services.meter),
      onProgress: (m) => console.log(m),
    });
    if (r.energyMinutesWritten) {
      // Energy is written going back in time, and rows inserted before the first leave SQLite's
      // b-tree pages half full (74 instead of 38 MB for a year of minute blocks): pack them.
      services.trends.db.exec('VACUUM');
      services.trends.db.pragma('wal_checkpoint(TRUNCATE)');
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `backfill of ${config.dataDir}: ${r.minutesWritten} minutes of 1-second data written (${r.minutesSkipped} existed), ` +
        `${r.energyMinutesWritten} energy minutes, in ${seconds} s; trend store ${(services.trends.bytes() / 1048576).toFixed(1)} MB`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
