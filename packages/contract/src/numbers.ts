/** Number formatting shared by the module's replies and the console's charts. */

/** Rounds for display; never returns -0, which would print as "-0" in some clients. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}

/** A reading for a row: rounded, or '-' when the meter gives none (NaN: docs/modbus.md). */
export function shown(value: number, digits: number): number | '-' {
  return Number.isFinite(value) ? round(value, digits) : '-';
}
