/** Paths into a section's JSON document, and the stable form its revision is computed over. */
import type { SectionDoc } from './section-backend.ts';

export function valueAt(doc: unknown, path: readonly string[]): unknown {
  let v: unknown = doc;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Sets a value in place; a path whose parent object is missing is left alone. */
export function setValueAt(doc: SectionDoc, path: readonly string[], value: unknown): void {
  const parent = valueAt(doc, path.slice(0, -1));
  if (typeof parent !== 'object' || parent === null) return;
  (parent as Record<string, unknown>)[path[path.length - 1]!] = value;
}

/** JSON with the keys of every object sorted: the same document always gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A copy with every secret that is present replaced by ''. */
export function withoutSecrets(doc: SectionDoc, secrets: readonly (readonly string[])[]): SectionDoc {
  const copy = structuredClone(doc);
  for (const path of secrets) if (valueAt(copy, path) !== undefined) setValueAt(copy, path, '');
  return copy;
}
