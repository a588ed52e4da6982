#!/usr/bin/env node
// Installs the Debian packages the tests need (scripts/debian-packages.txt) when some are
// missing: as root with apt-get, then stops the daemons Debian starts on install (the tests start
// their own on loopback ports). Not root: prints the exact install line and exits 1.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const list = readFileSync(new URL('./debian-packages.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

function installed(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('ok installed');
}

const hasDpkg = spawnSync('dpkg-query', ['--version']).status === 0;
if (!hasDpkg) {
  console.error('ensure-peers: not a Debian system (no dpkg-query); install these packages by hand:');
  console.error(`  ${list.join(' ')}`);
  process.exit(1);
}
const missing = list.filter((p) => !installed(p));
if (missing.length === 0) process.exit(0);

const line = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
if (process.getuid?.() !== 0) {
  console.error(`ensure-peers: the tests need Debian packages that are missing. Run as root:\n  ${line}`);
  process.exit(1);
}
console.log(`ensure-peers: installing ${missing.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', '--no-install-recommends', ...missing])) {
  console.error(`ensure-peers: apt-get failed; the line was:\n  ${line}`);
  process.exit(1);
}
// Debian starts the daemons it installs; the tests start their own on loopback ports.
for (const svc of ['mosquitto', 'ssh', 'chrony', 'prometheus', 'prometheus-node-exporter']) {
  spawnSync('service', [svc, 'stop'], { stdio: 'ignore' });
}
