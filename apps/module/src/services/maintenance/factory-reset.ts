/**
 * Factory reset (002 §2.11, §9.1). The command only marks the reset pending and reboots; the next
 * start applies it before any service reads its settings, in one SQLite transaction. So a power cut
 * (or kill -9) anywhere leaves either the old state with the mark (applied at the next start) or the
 * reset state, never half of it.
 *
 * What a module keeps (docs/decisions/maintenance-resets-factory-reset-ssh.md and conformance-first-day.md): its identity (serial number,
 * MAC addresses, certificate, SSH host key, the key that seals its exported configuration secrets),
 * the meter's certification (seal and verification flags, like its serial: a seal is broken at the
 * meter, not by software), its measurements (energy registers, run time), the logs (module and meter
 * event logs: the audit trail says who reset it), the data loggers' files and the trend history.
 * Everything else goes back to the first start of an empty data folder: users, roles, every module
 * setting, and the meter settings (description, wiring, CTs, names, alarm, I/O, meter password). The
 * first start runs again: the admin password from MODULE_ADMIN_PASSWORD, else a new random one.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, KeyValueStore } from '../../store/db.ts';
import { defaultState, type DeviceState } from '../device/device-service.ts';

const KV_PENDING = 'maintenance.factoryResetPending';
/** kv keys a factory reset keeps: the identity, the measurements and the logs' state. */
const KEPT_KEYS = ['device.identity', 'device.state', 'device.runTimeResetAt', 'config.deviceKey'];
const KEPT_PREFIXES = ['meterEvents.', 'datalog.state'];
/** What device.state keeps: the meter's certification; the rest returns to the first start's. */
const KEPT_STATE = ['sealStatus', 'mcStatus', 'demandVerified', 'pulseVerified'] as const;

export function markFactoryReset(kv: KeyValueStore): void {
  kv.set(KV_PENDING, true);
}

/** Applies a pending factory reset; true when one was applied. Runs before the services are built. */
export function applyPendingFactoryReset(db: Db, kv: KeyValueStore, dataDir: string, initialPasswordFile: string, nowMs: number): boolean {
  if (!kv.get<boolean>(KV_PENDING)) return false;
  db.transaction(() => {
    const keys = db.prepare<[], { key: string }>('SELECT key FROM kv').all();
    const drop = db.prepare('DELETE FROM kv WHERE key = ?');
    for (const { key } of keys) {
      if (KEPT_KEYS.includes(key) || KEPT_PREFIXES.some((p) => key.startsWith(p))) continue;
      drop.run(key);
    }
    const state = kv.get<DeviceState>('device.state');
    const fresh = defaultState();
    if (state) for (const k of KEPT_STATE) fresh[k] = state[k];
    kv.set('device.state', fresh);
    db.exec('DELETE FROM password_history; DELETE FROM users; DELETE FROM roles;');
    db.prepare('INSERT INTO module_event_log (timestamp, level, message) VALUES (?, ?, ?)').run(
      Math.floor(nowMs / 1000),
      'Critical',
      'Factory reset applied: settings and users restored to their defaults',
    );
  })();
  // A stale first-start password would mislead: the first start writes a new one when it makes one.
  rmSync(join(dataDir, initialPasswordFile), { force: true });
  return true;
}
