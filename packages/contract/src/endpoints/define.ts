/**
 * How an API call is declared (ts-rest style): method, path, the schemas of its path parameters,
 * query, body and replies, the permission area and whether it reads or writes. The module
 * registers a handler per entry, validates with the schemas and its permission hook reads `auth`;
 * the console derives its fetchers from the same entries. Each area's calls are in a file of this
 * folder; index.ts joins them into the one table.
 */
import { z } from 'zod';
import { hasAccess, type AccessKind, type Area } from '../permissions.ts';
import { errorReply, successReply } from '../schemas/common.ts';
import { DEFAULT_SECTION_CONTEXTS, sectionBody, type AnySection } from '../sections/section.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anybody, any signed-in user, or users with read / write on one of the areas. */
export type EndpointAuth =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | {
      readonly kind: 'area';
      readonly areas: readonly Area[];
      readonly access: AccessKind;
      /** A second grant that also opens the call (the API token: view on readings or edit on user configuration). */
      readonly also?: { readonly areas: readonly Area[]; readonly access: AccessKind };
      /** A grant the caller must hold as well (002 §6: the diagnostic download also needs the configuration bit). */
      readonly and?: { readonly areas: readonly Area[]; readonly access: AccessKind };
    };

/** Whether a caller with these permission bits may make a call of this auth (public and session aside). */
export function areaAuthAllows(auth: Extract<EndpointAuth, { kind: 'area' }>, permission: number): boolean {
  const grants = auth.also ? [auth, auth.also] : [auth];
  const holds = (g: { readonly areas: readonly Area[]; readonly access: AccessKind }) => g.areas.some((area) => hasAccess(permission, area, g.access));
  return grants.some(holds) && (!auth.and || holds(auth.and));
}

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
   * The query string the call reads, an object schema. Other keys must pass (downloads carry
   * `?token=`, the console adds `time`): a plain z.object, which drops them, never a strict one.
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
}

/** The refusal of an adminOnly call by another access level (decided). */
export const ADMIN_ONLY_TEXT = 'Only the admin access level may do this';

// Literal kinds, not the EndpointAuth union: the module types the caller non-null where the auth is not public.
export const PUBLIC = { kind: 'public' } as const;
export const SESSION = { kind: 'session' } as const;
export const read = (...areas: Area[]) => ({ kind: 'area', areas, access: 'read' }) as const;
export const write = (...areas: Area[]) => ({ kind: 'area', areas, access: 'write' }) as const;
/** A grant plus one more the caller must also hold. */
export const both = <A extends ReturnType<typeof read> | ReturnType<typeof write>>(first: A, second: ReturnType<typeof read> | ReturnType<typeof write>) =>
  ({ ...first, and: { areas: second.areas, access: second.access } }) as const;
/** Device facts every screen reads (seal, wiring, versions), About › Information's included: any area with view. */
export const DEVICE_FACTS = read('readings', 'configuration', 'maintenance', 'userConfig');

/** The :params of a path, each a string; the handler judges the value (an unknown one is 404). */
export const pathParams = <K extends string>(...keys: K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);

export const ep = <B extends Schema = undefined, R extends Schema = undefined, P extends Schema = undefined, Q extends Schema = undefined, A extends EndpointAuth = EndpointAuth>(
  e: Endpoint<B, R, P, Q, A>,
) => ({ ...e, error: ERROR_REPLY });

/** A section's GET: replies its data (secrets blanked) with the revision in the ETag header. */
export const sectionRead = <S extends AnySection, A extends EndpointAuth>(path: string, section: S, auth: A) =>
  ep({ method: 'GET', path, reply: section.data as S['data'], auth, section });
/** A section's PUT: the whole object, typed by the rules under a neutral context; If-Match may name the revision edited. */
export const sectionWrite = <A extends EndpointAuth>(path: string, section: AnySection, auth: A) =>
  ep({
    method: 'PUT',
    path,
    body: sectionBody(section, DEFAULT_SECTION_CONTEXTS[section.context]),
    reply: successReply,
    auth,
    section,
    ...(section.adminOnly ? { adminOnly: true as const } : {}),
  });
