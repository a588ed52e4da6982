/**
 * The remote access device key: made once with ssh-keygen and kept; a factory reset (applied as at
 * the next start) makes the next registration use a new one.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { applyPendingFactoryReset, markFactoryReset } from '../../../src/services/maintenance/factory-reset.ts';
import { deviceKey } from '../../../src/services/remote-access/device-key.ts';
import { KeyValueStore, openDatabase } from '../../../src/store/db.ts';

const dir = mkdtempSync(join(tmpdir(), 'remote-key-'));
const db = openDatabase(dir);
const kv = new KeyValueStore(db);
after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('one ed25519 key, kept across calls, private to the module; a factory reset makes a new one', async () => {
  const first = await deviceKey(dir, kv, 'AR0001');
  assert.match(first.publicKey, /^ssh-ed25519 [A-Za-z0-9+/]+=* AR0001$/);
  assert.equal(statSync(first.path).mode & 0o077, 0, 'the private key is readable by its owner only');
  assert.deepEqual(await deviceKey(dir, kv, 'AR0001'), first);
  const privateBefore = readFileSync(first.path, 'utf8');
  markFactoryReset(kv);
  assert.equal(applyPendingFactoryReset(db, kv, dir, 'initial-password.txt', Date.now()), true);
  const next = await deviceKey(dir, kv, 'AR0001');
  assert.notEqual(next.publicKey, first.publicKey);
  assert.notEqual(readFileSync(next.path, 'utf8'), privateBefore);
});
