/**
 * A data folder with trend history for the trend e2e files: the module's backfill command run into
 * it before the module starts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `days` of 1-second data and `energyDays` of energy (the defaults take ~3 s). */
export async function backfill(dataDir: string, days = 1, energyDays = 2): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/module/src/backfill.ts', '--days', String(days), '--energy-days', String(energyDays)], {
    cwd: ROOT,
    env: { ...process.env, MODULE_DATA_DIR: dataDir, MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD, MODULE_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`backfill failed: ${out}`);
}
