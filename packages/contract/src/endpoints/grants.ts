/** Who may call an endpoint, as data: the console's shell reads it without the schemas of the table. */
import { hasAccess, type AccessKind, type Area } from '../permissions.ts';

/** Who may call: anybody, any signed-in user, or users with read / write on one of the areas. */
export type EndpointAuth =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | {
      readonly kind: 'area';
      readonly areas: readonly Area[];
      readonly access: AccessKind;
      /** A grant the caller must hold as well (002 §6: the diagnostic download also needs the configuration bit). */
      readonly and?: { readonly areas: readonly Area[]; readonly access: AccessKind };
    };

/** Whether a caller with these permission bits may make a call of this auth (public and session aside). */
export function areaAuthAllows(auth: Extract<EndpointAuth, { kind: 'area' }>, permission: number): boolean {
  const holds = (g: { readonly areas: readonly Area[]; readonly access: AccessKind }) => g.areas.some((area) => hasAccess(permission, area, g.access));
  return holds(auth) && (!auth.and || holds(auth.and));
}

// Literal kinds, not the EndpointAuth union: the module types the caller non-null where the auth is not public.
export const PUBLIC = { kind: 'public' } as const;
export const SESSION = { kind: 'session' } as const;
export const read = /* @__NO_SIDE_EFFECTS__ */ (...areas: Area[]) => ({ kind: 'area', areas, access: 'read' }) as const;
export const write = /* @__NO_SIDE_EFFECTS__ */ (...areas: Area[]) => ({ kind: 'area', areas, access: 'write' }) as const;
/** A grant plus one more the caller must also hold. */
export const both = /* @__NO_SIDE_EFFECTS__ */ <A extends ReturnType<typeof read> | ReturnType<typeof write>>(first: A, second: ReturnType<typeof read> | ReturnType<typeof write>) =>
  ({ ...first, and: { areas: second.areas, access: second.access } }) as const;
/** Device facts every screen reads (seal, wiring, versions), About › Information's included: any area with view. */
export const DEVICE_FACTS = read('readings', 'configuration', 'maintenance', 'userConfig');
