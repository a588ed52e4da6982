/**
 * The audit trail's user (docs/decisions/logs-event-alarm-and-data-logs.md, "Module event log as the audit trail"): every event
 * that says who did something ("… by {user}") also records that user, so the log's User filter
 * finds it. Read off the source, so a new command cannot forget it.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The argument list of each `events.write(` call, up to its closing parenthesis. */
function writeCalls(text: string): string[] {
  const calls: string[] = [];
  for (let i = text.indexOf('events.write('); i >= 0; i = text.indexOf('events.write(', i + 1)) {
    let depth = 0;
    let j = i + 'events.write'.length;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    calls.push(text.slice(i + 'events.write('.length, j));
  }
  return calls;
}

/** Top-level commas of an argument list (not inside (), [], {} or a template's ${}). */
function argumentCount(args: string): number {
  let depth = 0;
  let count = 1;
  let inTemplate = false;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (c === '`') inTemplate = !inTemplate;
    else if (!inTemplate || args.startsWith('${', i)) {
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      else if (c === ',' && depth === 0 && !inTemplate) count++;
    } else if (c === '}' && depth > 0) depth--;
  }
  return count;
}

test('every "… by {user}" event passes the user', () => {
  const missing: string[] = [];
  let checked = 0;
  for (const file of sources(SRC)) {
    for (const call of writeCalls(readFileSync(file, 'utf8'))) {
      if (!/\bby \$\{/.test(call)) continue;
      checked++;
      if (argumentCount(call) < 3) missing.push(`${file.slice(SRC.length + 1)}: ${call.slice(0, 90)}`);
    }
  }
  assert.ok(checked > 20, `only ${checked} calls found: the scan is broken`);
  assert.deepEqual(missing, []);
});
