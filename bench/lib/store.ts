/**
 * A data folder with the history: 30 days of 1-second trend data and a year of energy,
 * written by the module's own backfill (`npm run backfill`) as an operator would. Generated once per
 * bench run in a temporary folder; BENCH_STORE_DIR keeps it in a folder of your choice between
 * runs (the backfill then only fills the gap since the last run).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PASSWORD, ROOT } from './module-process.ts';

export const STORE_DAYS = 30;
export const STORE_ENERGY_DAYS = 365;

export interface BenchStore {
  dataDir: string;
  /** Seconds the backfill took (only the gap when the folder was kept). */
  backfillSeconds: number;
  /** Bytes of trends.sqlite after the backfill's last checkpoint. */
  trendBytes(): number;
  dispose(): void;
}

let shared: BenchStore | undefined;

export function benchStore(): BenchStore {
  if (shared) return shared;
  const kept = process.env.BENCH_STORE_DIR;
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'bench-store-'));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/module/src/backfill.ts', '--days', String(STORE_DAYS), '--energy-days', String(STORE_ENERGY_DAYS)], {
    cwd: ROOT,
    env: { ...process.env, MODULE_DATA_DIR: dataDir, MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD, MODULE_LOG_LEVEL: 'silent', MODULE_MODBUS_PORT: '0' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`backfill failed: ${r.stderr || r.stdout}`);
  shared = {
    dataDir,
    backfillSeconds: (performance.now() - t0) / 1000,
    trendBytes: () => statSync(join(dataDir, 'trends.sqlite')).size,
    dispose: () => {
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
      shared = undefined;
    },
  };
  return shared;
}
