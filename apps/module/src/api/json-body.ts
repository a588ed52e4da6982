/**
 * Request bodies nest at most MAX_JSON_DEPTH levels (issue 25 item 8): deeper ones are refused with
 * 400 before they are parsed, so no schema, rule or copy ever recurses through them. The module's
 * deepest body (a configuration backup's sections) nests well under ten.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether the JSON text opens more than `limit` objects or arrays inside each other (strings skipped). */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
