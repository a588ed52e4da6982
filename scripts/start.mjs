/**
 * `npm start`: builds what is out of date (the console with Vite, the module bundle with esbuild),
 * then runs the bundle on plain node with the device's memory options. A build is skipped when its
 * output is newer than every file it is made from, so a second start replies within a couple of
 * seconds. The module ends its start with a banner: the URL and where the admin password is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (p) => join(root, p);

/** The newest modification time under the paths (files or folders), skipping build outputs. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist' && !e.endsWith('.tsbuildinfo')) visit(join(p, e));
    } else max = Math.max(max, s.mtimeMs);
  };
  for (const p of paths) visit(at(p));
  return max;
}
const builtAt = (file) => (existsSync(at(file)) ? statSync(at(file)).mtimeMs : 0);
const shared = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json', 'scripts/start.mjs'];

const steps = [
  {
    name: 'console',
    output: 'apps/console/dist/index.html',
    inputs: ['apps/console/src', 'apps/console/index.html', 'apps/console/vite.config.ts', 'apps/console/package.json', ...shared],
    run: ['npm', ['run', 'build', '-w', 'apps/console']],
  },
  {
    name: 'module',
    output: 'apps/module/dist/server.mjs',
    inputs: ['apps/module/src', 'apps/module/package.json', 'scripts/build-module.mjs', ...shared],
    run: [process.execPath, [at('scripts/build-module.mjs')]],
  },
];

for (const step of steps) {
  if (builtAt(step.output) > newest(step.inputs)) {
    console.log(`${step.name}: up to date, build skipped`);
    continue;
  }
  const [cmd, args] = step.run;
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The serve script's environment and node options (1 MB young generation, collection on the main
// thread, glibc's mmap threshold at 128 KB: README); the benches read the same script.
const words = JSON.parse(readFileSync(at('package.json'), 'utf8'))
  .scripts.serve.trim()
  .split(/\s+/);
const env = { ...process.env };
while (/^[A-Z_]+=/.test(words[0] ?? '')) {
  const [name, value] = words.shift().split('=');
  env[name] = value;
}
words.shift(); // node
const bundle = words.pop();
const server = spawn(process.execPath, [...words, at(bundle)], { cwd: process.cwd(), stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
