/**
 * docs/openapi.json from the contract (packages/contract/src/openapi.ts): `npm run docs:openapi`
 * writes it; scripts/test/openapi-doc.test.ts compares it and validates it, so it cannot drift.
 */
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '@meter/contract/openapi';

/** The committed text: two-space JSON and a final newline. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  writeFileSync(new URL('../docs/openapi.json', import.meta.url), openApiText());
  console.log('docs/openapi.json written');
}
