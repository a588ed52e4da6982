/**
 * How an API call is declared (ts-rest style): method, path, the schemas of its path parameters,
 * query, body and replies, the permission area and whether it reads or writes. The module
 * registers a handler per entry, validates with the schemas and its permission hook reads `auth`;
 * the console derives its fetchers from the same entries. Each area's calls are in its file under
 * areas/; index.ts joins them into the one table.
 */
import { z } from 'zod';
import type { EndpointAuth } from './grants.ts';
import { errorReply, successReply } from '../schemas/common.ts';
import { hardeningTexts } from '../messages.ts';
import { SAFE_FILE_NAME } from '../rules/validators.ts';
import { DEFAULT_SECTION_CONTEXTS, sectionBody, type AnySection } from '../sections/section.ts';

// Who may call (zod-free, so the console's shell can ask without loading the schemas).
export * from './grants.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The reply of every failure, under `data` like any reply (docs/api.md): the message in `value`,
 * messages by field in `errors`. One shape for every endpoint; each entry names it in `error`.
 */
export const ERROR_REPLY = errorReply;

type Schema = z.ZodType | undefined;

export interface Endpoint<B extends Schema = Schema, R extends Schema = Schema, P extends Schema = Schema, Q extends Schema = Schema, A extends EndpointAuth = EndpointAuth> {
  method: Method;
  /** Path under /api, with :params. */
  path: string;
  /** The :params of `path`, an object schema with exactly those keys (the router gives strings). */
  params?: P;
  /**
   * The query string the call reads, an object schema. Other keys must pass (links carry
   * `?ticket=` or the API token, the console adds `time`): a plain z.object, which drops them, never a strict one.
   */
  query?: Q;
  body?: B;
  reply?: R;
  /** The reply on failure (status ≥ 400): ERROR_REPLY for every entry. */
  error?: typeof ERROR_REPLY;
  auth: A;
  /** Replies with a file instead of `{data}`. */
  file?: boolean;
  /**
   * A settings section's GET or PUT: the module serves it with the generic section handler (the
   * PUT validated with `section.body` under the live device context, `body` only types it), the
   * console draws it with the section form.
   */
  section?: AnySection;
  /**
   * Open to a session that must change its password (expired, in the grace period): every other
   * protected call is refused with 403 until the password is changed.
   */
  duringPasswordChange?: true;
  /** Only the admin access level may call it, whatever its permission bits (002 §6: MQTT changes and its test). */
  adminOnly?: true;
  /** Served at `path` itself, outside /api (Prometheus' /metrics, where every scraper looks by default). */
  root?: true;
  /**
   * A settings section whose `openAccess` flag, when 1, opens the call to anyone (no caller needed);
   * otherwise `auth` decides as usual. The module's one permission check reads it.
   */
  publicWhen?: AnySection;
}

/** The refusal of an adminOnly call by another access level (decided). */
export const ADMIN_ONLY_TEXT = 'Only the admin access level may do this';

const FILE_NAME_PARAMS = new Set(['fileName', 'filename']);
// The builders are marked free of side effects (Rollup, esbuild): an area's calls that a screen does
// not use drop out of its chunk, though they sit in the file of the section it draws.
const fileNameParam = z.string().regex(SAFE_FILE_NAME, { error: hardeningTexts.badFileName });

/**
 * The :params of a path, each a string; the handler judges the value (an unknown one is 404). A
 * file name parameter (fileName, filename) must be a SAFE_FILE_NAME.
 */
export const pathParams = /* @__NO_SIDE_EFFECTS__ */ <K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, FILE_NAME_PARAMS.has(k) ? fileNameParam : z.string()])) as Record<K, z.ZodString>);

export const ep = /* @__NO_SIDE_EFFECTS__ */ <
  B extends Schema = undefined,
  R extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  A extends EndpointAuth = EndpointAuth,
>(
  e: Endpoint<B, R, P, Q, A>,
) => ({ ...e, error: ERROR_REPLY });

/** A section's GET: replies its data (secrets blanked) with the revision in the ETag header. */
export const sectionRead = /* @__NO_SIDE_EFFECTS__ */ <S extends AnySection, A extends EndpointAuth>(path: string, section: S, auth: A) =>
  ep({ method: 'GET', path, reply: section.data as S['data'], auth, section });
/** A section's PUT: the whole object, typed by the rules under a neutral context; If-Match may name the revision edited. */
export const sectionWrite = /* @__NO_SIDE_EFFECTS__ */ <A extends EndpointAuth>(path: string, section: AnySection, auth: A) =>
  ep({
    method: 'PUT',
    path,
    body: sectionBody(section, DEFAULT_SECTION_CONTEXTS[section.context]),
    reply: successReply,
    auth,
    section,
    ...(section.adminOnly ? { adminOnly: true as const } : {}),
  });
