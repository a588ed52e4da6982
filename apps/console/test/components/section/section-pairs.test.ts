/**
 * A settings screen names its section's GET and imports the section itself (the endpoint table
 * stays out of its chunk): every such pair in the console's source is the table's.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as contract from '@meter/contract';
import { endpoints, type Endpoint, type EndpointName } from '@meter/contract';
import { sectionSaveName } from '../../../src/components/section/use-section.ts';

const SRC = new URL('../../../src/', import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []));

test("every screen's section is the one its GET serves, and its save is the section's PUT", () => {
  const pairs: [string, string][] = [];
  let named = 0;
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    named += [...text.matchAll(/^\s*endpoint: '(\w+)',$/gm)].length;
    for (const m of text.matchAll(/^\s*endpoint: '(\w+)',\n\s*section: (\w+),$/gm)) pairs.push([m[1]!, m[2]!]);
    for (const m of text.matchAll(/useSection\('(\w+)', (\w+)/g)) pairs.push([m[1]!, m[2]!]);
  }
  assert.ok(pairs.length >= 25, `${pairs.length} pairs`);
  assert.ok(named <= pairs.length, 'a screen names an endpoint without its section');
  for (const [name, section] of pairs) {
    const entry = endpoints[name as EndpointName] as Endpoint;
    assert.ok(entry.section, `${name} is not a section`);
    assert.equal(entry.section, (contract as Record<string, unknown>)[section], `${name}: ${section}`);
    assert.equal(sectionSaveName(name as EndpointName), contract.sectionSaveOf(name as EndpointName), name);
  }
});
