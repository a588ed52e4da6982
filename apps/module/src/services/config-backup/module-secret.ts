/**
 * The module's own secret that authenticates its configuration files (docs/decisions/config-backups-rights-authentication-upload.md, Config
 * Management security): 32 random bytes made on the first start of a data folder, kept in
 * `<data>/config-file-secret` with mode 0600 (a factory reset keeps it, like the device's other
 * identity), never exported, never in a reply. No key is built into the code.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODULE_SECRET_FILE = 'config-file-secret';

/** Reads the secret, or makes it when the data folder has none yet (a damaged file is made anew). */
export function moduleSecret(dataDir: string): Buffer {
  const file = join(dataDir, MODULE_SECRET_FILE);
  try {
    const hex = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(hex)) {
      chmodSync(file, 0o600);
      return Buffer.from(hex, 'hex');
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex') + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
