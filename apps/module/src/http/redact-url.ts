/**
 * Query strings can carry the session token or a download ticket, under any spelling the query
 * parser decodes (`%74oken` is `token`): redactUrl blanks their values before a URL is logged.
 */

/** Query names whose values open the module: the spec's token and a download ticket. */
const SECRET_QUERY_NAMES = new Set(['token', 'ticket']);

/** Whether a raw query name is `token` (or `ticket`) once decoded as the query parser decodes it (`%74oken` is). */
function isTokenName(raw: string): boolean {
  try {
    return SECRET_QUERY_NAMES.has(decodeURIComponent(raw.replace(/\+/g, ' ')));
  } catch {
    // Not decodable here, so not known to be harmless: its value is kept out of the log too.
    return true;
  }
}

/** Query strings can carry the session token, under any spelling the parser decodes: never let it reach the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isTokenName(name) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}
