/**
 * A spec text is written once (issue 29): every text of the catalogue (the contract's exported
 * texts, labels and messages objects) appears as a string literal in at most one place of the
 * sources (apps/<app>/src and packages/contract/src). A screen or a rule that needs the text
 * imports it (or derives it: `formMessages.required(label)`, a section's title) instead of typing
 * it again, so a spec change is one edit.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as contract from '../src/index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_DIRS = [
  'packages/contract/src',
  ...readdirSync(join(ROOT, 'apps'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `apps/${d.name}/src`),
];
/** Shorter texts ('Port', 'Enable') are common words: the same word in two places is not a copy. */
const MIN_LENGTH = 12;
/** Catalogue objects: the exports whose name ends so. */
const CATALOGUE_NAME = /(texts|messages|labels)$/i;

/**
 * Texts written in two places on purpose, each with its reason. Keep it short: a repeat belongs
 * here only when the two places mean different things that happen to read alike.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map<string, string>([
  ['Country Code', "the CE test's WiFi regulatory country, and a certificate subject's country"],
  ['SFTP Password', "the module's own SFTP server password (data log), and a post channel's remote SFTP server password"],
  ['Disconnected', 'also a status value on the wire (the network status enum, the module that sets it)'],
  ['Serial Number', "a certificate's serial number (certificate details), and the device's (About's meter, Production Test's module)"],
]);

function catalogueTexts(): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === 'string') {
      if (value.length >= MIN_LENGTH) texts.set(value, [...(texts.get(value) ?? []), path]);
      return;
    }
    if (depth > 3 || value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, depth + 1);
  };
  for (const [name, value] of Object.entries(contract)) if (CATALOGUE_NAME.test(name)) walk(value, name, 0);
  return texts;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Every string literal without substitutions ('…', "…", `…`) of a file, with its line. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('every catalogue text of 12 characters or more is written once in the sources', () => {
  const texts = catalogueTexts();
  assert.ok(texts.size > 300, `the catalogue walk found ${texts.size} texts: the exports moved?`);
  const places = new Map<string, string[]>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(dir)) {
      for (const { text, line } of literals(file)) {
        if (texts.has(text)) places.set(text, [...(places.get(text) ?? []), `${relative(ROOT, file)}:${line}`]);
      }
    }
  }
  const repeats = [...places].filter(([text, where]) => where.length > 1 && !ALLOWED.has(text));
  assert.deepEqual(
    repeats.map(([text, where]) => `${JSON.stringify(text)} (${texts.get(text)!.join(', ')}) at ${where.join(', ')}`),
    [],
    'import the text from the contract (or derive it) instead of writing it again',
  );
  const stale = [...ALLOWED.keys()].filter((text) => (places.get(text)?.length ?? 0) < 2);
  assert.deepEqual(stale, [], 'listed repeats that no longer repeat: remove them from ALLOWED');
});
