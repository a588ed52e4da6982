/**
 * The whitelist's CSV (decided: the spec names the format only): a header `ipv4,ipv6,description`,
 * then one entry per line, RFC 4180 quoting. What the export writes, the import reads back.
 */
import { whitelistTexts as t, type WhitelistEntry } from '@meter/contract';
import { badRequest } from '../../errors.ts';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function formatWhitelistCsv(entries: readonly WhitelistEntry[]): string {
  return [t.csvHeader, ...entries.map((e) => [e.ipv4, e.ipv6, e.description].map(quote).join(','))].join('\r\n') + '\r\n';
}

/** One CSV line's fields; undefined when its quotes do not close. */
function fields(line: string): string[] | undefined {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur === '') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (quoted) return undefined;
  out.push(cur);
  return out;
}

export function parseWhitelistCsv(text: string): WhitelistEntry[] {
  if (text.includes('\u0000')) throw badRequest(t.csvNotText);
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l, i) => ({ l, n: i + 1 }))
    .filter(({ l }) => l.trim() !== '');
  const header = lines.shift();
  if (!header || header.l.trim().toLowerCase().replace(/\s/g, '') !== t.csvHeader) throw badRequest(t.csvBadHeader);
  return lines.map(({ l, n }) => {
    const f = fields(l);
    if (!f || f.length !== 3) throw badRequest(t.csvBadLine(n, 'expected 3 fields: ipv4,ipv6,description'));
    const [ipv4, ipv6, description] = f.map((x) => x.trim()) as [string, string, string];
    return { ipv4, ipv6, description };
  });
}
