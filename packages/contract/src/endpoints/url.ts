/** Endpoint paths as URLs. Apart from the table, so a caller that only builds URLs does not load every schema. */
export const API_PREFIX = '/api';

/** Fills :params of an endpoint path and prefixes /api (unless the endpoint is served at the root). */
export function endpointUrl(path: string, params: Record<string, string | number> = {}, where: { root?: boolean } = {}): string {
  return (
    (where.root ? '' : API_PREFIX) +
    path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) throw new Error(`missing path parameter ${k}`);
      return encodeURIComponent(String(v));
    })
  );
}
