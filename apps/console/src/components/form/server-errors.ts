/** The module's 400 reply names messages by field (`data.errors`); this puts them on the form's fields. Pure. */
import { FIELD_PATH_SEPARATOR } from '@meter/contract';

export interface ServerFieldErrors {
  /** Form field → message. */
  byField: Record<string, string>;
  /** Messages for keys no field of the form shows (the alert with `data.value` carries them). */
  unmatched: string[];
}

/**
 * A key is matched as is, through `aliases` (body names that differ from the form's, such as
 * setPassword's newPassword), or by its first path segment ('list.0.ip' → 'list').
 */
export function serverFieldErrors(
  errors: Readonly<Record<string, string>> | undefined,
  fieldNames: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): ServerFieldErrors {
  const byField: Record<string, string> = {};
  const unmatched: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    const dot = key.indexOf('.');
    const head = dot < 0 ? key : key.slice(0, dot);
    // A nested body key ('dataLog1.postChannel') is the flat field the section form draws.
    const flat = key.split('.').join(FIELD_PATH_SEPARATOR);
    const name = [key, aliases[key], flat, head, aliases[head]].find((n): n is string => n !== undefined && fieldNames.includes(n));
    if (name === undefined) unmatched.push(message);
    else byField[name] ??= message;
  }
  return { byField, unmatched };
}
