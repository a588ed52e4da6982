/**
 * A real NTP server for the tests: Debian's chronyd on a loopback UDP port, serving its own
 * clock (`local stratum`) without touching the host's (-x). Run under faketime it serves the host
 * time shifted by `offsetSeconds`, so a client that synchronises from it moves by that much.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sntpQuery } from '../src/services/date-time/sntp-client.ts';
import { freeUdpPort } from '../../../test-peers/free-ports.ts';
import { until } from '../../../test-peers/until.ts';

export interface NtpPeer {
  port: number;
  close(): Promise<void>;
}

export async function startNtpPeer(offsetSeconds = 0): Promise<NtpPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'ntp-peer-'));
  const port = await freeUdpPort();
  const conf = join(dir, 'chrony.conf');
  writeFileSync(
    conf,
    [`port ${port}`, 'bindaddress 127.0.0.1', 'local stratum 3', 'allow 127.0.0.1', 'cmdport 0', `pidfile ${join(dir, 'chronyd.pid')}`, `driftfile ${join(dir, 'drift')}`, ''].join('\n'),
  );
  const user = process.getuid?.() === 0 ? ['-u', 'root'] : ['-U'];
  const chronyd = ['chronyd', '-x', '-d', ...user, '-f', conf];
  const [cmd, ...args] = offsetSeconds === 0 ? chronyd : ['faketime', '-f', `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`, ...chronyd];
  // Its own process group: faketime runs chronyd as a child, and both must go at close (an
  // orphaned chronyd would keep the stderr pipe, and with it the test process, alive).
  const child: ChildProcess = spawn(cmd!, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // The group is gone already.
    }
    await exited;
    child.stderr!.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  // Each try waits up to 200 ms for the answer, then 100 ms: 50 tries at most.
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`chronyd exited with ${child.exitCode}`);
    return sntpQuery('127.0.0.1', port, 200).then(
      () => true,
      () => false,
    );
  };
  try {
    await until(`chronyd to answer on port ${port}`, answers, 15_000);
  } catch (e) {
    await close();
    throw new Error(`chronyd did not answer on port ${port} (${(e as Error).message}): ${stderr}`);
  }
  return { port, close };
}
