/** Endpoint paths as URLs. Apart from the table, so a caller that only builds URLs does not load every schema. */
export const API_PREFIX = '/api';

/** Fills :params of an endpoint path and prefixes /api. */
export function endpointUrl(path: string, params: Record<string, string | number> = {}): string {
  return (
    API_PREFIX +
    path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) throw new Error(`missing path parameter ${k}`);
      return encodeURIComponent(String(v));
    })
  );
}
