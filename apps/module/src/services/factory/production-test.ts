/**
 * The production test's self-checks (000 §2 Production Test, §3 result): what the module can
 * check of itself, each 'PASS' or 'FAIL: <reason>'. The Ethernet ports are the physical Ethernet
 * interfaces in sysfs, in name order; a host without any (a container) offers its Ethernet
 * interfaces that have an address instead. The Wi-Fi radio is the interface sysfs marks wireless.
 * The serial port passes when the meter behind it answers; storage when a file can be written,
 * synced, read back and removed in the data folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';

export const PASS = 'PASS';
const fail = (reason: string) => `FAIL: ${reason}`;

export interface ProductionChecks {
  ethernet1: string;
  ethernet2: string;
  wifi: string;
  serialPort: string;
  storage: string;
}

export interface ProductionTestDeps {
  dataDir: string;
  /** True when the meter answers a reading over the serial link. */
  meterAnswers: () => boolean;
  netDir?: string;
}

interface Port {
  name: string;
  state: string;
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
};

/** The interfaces sysfs lists, with what the checks need. */
function interfaces(netDir: string): { name: string; state: string; ethernet: boolean; wireless: boolean; physical: boolean }[] {
  let names: string[];
  try {
    names = readdirSync(netDir).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const dir = join(netDir, name);
    let target = '';
    try {
      target = readlinkSync(dir);
    } catch {
      /* a plain folder (not a sysfs link): treated as physical */
    }
    const wireless = existsSync(join(dir, 'wireless')) || existsSync(join(dir, 'phy80211'));
    return { name, state: read(join(dir, 'operstate')), ethernet: read(join(dir, 'type')) === '1' && !wireless, wireless, physical: !target.includes('/virtual/') };
  });
}

function wiredPorts(netDir: string): Port[] {
  const all = interfaces(netDir).filter((i) => i.ethernet);
  const physical = all.filter((i) => i.physical);
  if (physical.length > 0) return physical;
  const addressed = networkInterfaces();
  return all.filter((i) => addressed[i.name]?.some((a) => !a.internal));
}

const portResult = (port: Port | undefined, which: string): string =>
  !port ? fail(`no ${which} Ethernet interface`) : port.state === 'up' ? PASS : fail(`${port.name} is ${port.state || 'not up'}`);

async function storageCheck(dataDir: string): Promise<string> {
  const probe = join(dataDir, `.production-test-${randomBytes(4).toString('hex')}`);
  const data = randomBytes(4096);
  try {
    const file = await open(probe, 'wx');
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    if (!(await readFile(probe)).equals(data)) return fail('the data folder read back other data');
    return PASS;
  } catch (err) {
    return fail(`the data folder is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    // Nothing to remove when the folder itself is unusable.
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

export async function runProductionTest(d: ProductionTestDeps): Promise<ProductionChecks> {
  const netDir = d.netDir ?? '/sys/class/net';
  const [first, second] = wiredPorts(netDir);
  const radio = interfaces(netDir).find((i) => i.wireless);
  let meter = false;
  try {
    meter = d.meterAnswers();
  } catch {
    meter = false;
  }
  return {
    ethernet1: portResult(first, 'first'),
    ethernet2: portResult(second, 'second'),
    wifi: !radio ? fail('no Wi-Fi radio') : radio.state === 'up' ? PASS : fail(`${radio.name} is ${radio.state || 'not up'}`),
    serialPort: meter ? PASS : fail('the meter does not answer'),
    storage: await storageCheck(d.dataDir),
  };
}
