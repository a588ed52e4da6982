/**
 * What machines read to plug the module into their own engines (issue 27, beyond the spec):
 * the OpenAPI description of this table.
 */
import { PUBLIC, ep } from './define.ts';

export const integrationEndpoints = {
  /**
   * The OpenAPI 3.1 document of every call (contract/src/openapi.ts). Public: it says what
   * docs/openapi.json says, no setting and no reading, and a client generator fetches it signed out.
   */
  openApi: ep({ method: 'GET', path: '/openapi.json', auth: PUBLIC, file: true }),
} as const;
