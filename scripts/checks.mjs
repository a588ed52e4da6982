/**
 * The checks `npm test` makes before the tests, side by side: the type check, ESLint, Prettier's
 * check and the build. Each is mostly one core's work (the type check and ESLint about 45 s each
 * on CI's 2 cores), so one after another they left a core idle. Each one's output is printed
 * whole when it ends, under its name, so the lines of two never mix; when one fails the exit code
 * says so after all have ended, and `npm test` does not go on to the tests.
 */
import { spawn } from 'node:child_process';

const STEPS = ['typecheck', 'lint:eslint', 'format:check', 'build'];

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const end = (failure) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── npm run ${name}: ${failure ?? 'passed'} in ${seconds} s\n${out}`);
      resolve(failure === undefined);
    };
    child.on('error', (err) => end(`failed to start (${err.message})`));
    child.on('close', (code, signal) => end(code === 0 ? undefined : `failed (${signal ?? `exit ${code}`})`));
  });
}

const passed = await Promise.all(STEPS.map(run));
if (passed.includes(false)) {
  console.error(`\nfailed: ${STEPS.filter((_, i) => !passed[i]).join(', ')}`);
  process.exit(1);
}
