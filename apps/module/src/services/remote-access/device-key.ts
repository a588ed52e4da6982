/**
 * The device's SSH key for the remote access tunnel: ed25519, made once with ssh-keygen (argument
 * list), kept in <data>/remote-access, never exported nor returned by a GET. The public half is
 * also kept in the kv store: a factory reset empties the store, so the next registration makes a
 * new key and the old one is worth nothing to whoever kept a copy of the old data folder.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { KeyValueStore } from '../../store/db.ts';

const run = promisify(execFile);
const KV_PUBLIC_KEY = 'remoteAccess.devicePublicKey';

export interface DeviceKey {
  path: string;
  publicKey: string;
}

export function remoteAccessDir(dataDir: string): string {
  return join(dataDir, 'remote-access');
}

export async function deviceKey(dataDir: string, kv: KeyValueStore, comment: string): Promise<DeviceKey> {
  const dir = remoteAccessDir(dataDir);
  const path = join(dir, 'id_ed25519');
  const known = kv.get<string>(KV_PUBLIC_KEY);
  if (known && existsSync(path) && existsSync(`${path}.pub`) && readFileSync(`${path}.pub`, 'utf8').trim() === known) return { path, publicKey: known };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // ssh-keygen asks before overwriting; a key not matching the store is replaced, never reused.
  rmSync(path, { force: true });
  rmSync(`${path}.pub`, { force: true });
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', path]);
  const publicKey = readFileSync(`${path}.pub`, 'utf8').trim();
  kv.set(KV_PUBLIC_KEY, publicKey);
  return { path, publicKey };
}
