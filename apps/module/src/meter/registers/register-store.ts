/**
 * Persistence of the registers: one JSON document per group in `meter_registers`, with the time
 * it is valid up to. Groups saved together are written in one transaction, so after a crash
 * they are all as of the same instant.
 */
import type { Db } from '../../store/db.ts';

export interface Stored<T> {
  value: T;
  asOf: number;
}

export class RegisterStore {
  private readonly getStmt;
  private readonly putStmt;
  private readonly putMany;

  constructor(db: Db) {
    this.getStmt = db.prepare<[string], { value: string; as_of: number }>('SELECT value, as_of FROM meter_registers WHERE name = ?');
    this.putStmt = db.prepare<[string, string, number]>(
      'INSERT INTO meter_registers (name, value, as_of) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value, as_of = excluded.as_of',
    );
    this.putMany = db.transaction((groups: Record<string, unknown>, asOf: number) => {
      for (const [name, value] of Object.entries(groups)) this.putStmt.run(name, JSON.stringify(value), asOf);
    });
  }

  load<T>(name: string): Stored<T> | undefined {
    const row = this.getStmt.get(name);
    return row ? { value: JSON.parse(row.value) as T, asOf: row.as_of } : undefined;
  }

  save(groups: Record<string, unknown>, asOf: number): void {
    this.putMany(groups, asOf);
  }
}
