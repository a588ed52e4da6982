/**
 * The meter's own password (the one its front panel asks for): 4 digits, '0000' until changed
 * (decided; the spec names no default), kept as an scrypt hash like the users' passwords.
 */
import type { KeyValueStore } from '../../store/db.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';

export const DEFAULT_METER_PASSWORD = '0000';
const KEY = 'meterSettings.passwordHash';

export class MeterPassword {
  constructor(private readonly kv: KeyValueStore) {}

  private async stored(): Promise<string> {
    const hash = this.kv.get<string>(KEY);
    if (hash) return hash;
    const made = await hashPassword(DEFAULT_METER_PASSWORD);
    // Another call may have stored one meanwhile: keep the first.
    return this.kv.get<string>(KEY) ?? (this.kv.set(KEY, made), made);
  }

  /** Changes the password if `current` is right; returns whether it did. */
  async change(current: string, next: string): Promise<boolean> {
    if (!(await verifyPassword(current, await this.stored()))) return false;
    this.kv.set(KEY, await hashPassword(next));
    return true;
  }
}
