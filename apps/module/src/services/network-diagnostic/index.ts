/**
 * Network Diagnostic (002 §2.14, §7.7): Networking Status (interfaces, routes, DNS, socket
 * statistics, the Wi-Fi link when wlan0 exists), Host Lookup (nslookup, ping, traceroute) and
 * the Connection Test, all with Debian's own tools run by argument list (runner.ts). The host
 * reaches them only after the contract's rule (an IP address or a domain name) and as one
 * argument after the options, so it can never be read as an option or by a shell.
 */
import { CONNECTION_TEST_STEPS, networkDiagnosticTexts as t, type ConnectionTestOutput, type DiagnoseName, type HostLookupCommand } from '@meter/contract';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import { promisify } from 'node:util';
import { badRequest, conflict } from '../../errors.ts';
import { ToolRuns, type ToolStep } from './runner.ts';

const run = promisify(execFile);

/** Decided: a run ends after this long (traceroute to an unreachable host could take minutes). */
export const DIAGNOSE_LIMIT_MS = 60_000;
/** Decided: the name the Connection Test resolves (a meter needs NTP). */
export const CONNECTION_TEST_NAME = 'pool.ntp.org';

export class NetworkDiagnostic {
  private readonly runs = new ToolRuns(DIAGNOSE_LIMIT_MS);
  private readonly tests = new Map<string, ConnectionTestOutput>();

  private key(session: string, name: DiagnoseName) {
    return `${session}:${name}`;
  }

  private begin(session: string, name: DiagnoseName, steps: ToolStep[]): void {
    if (DIAGNOSE_NAMES_BUSY.some((n) => this.busy(session, n))) throw conflict(t.alreadyRunning);
    this.runs.start(this.key(session, name), steps, t.stopped);
  }

  busy(session: string, name: DiagnoseName): boolean {
    return name === 'connectionTest' ? (this.tests.get(session)?.running ?? false) : this.runs.running(this.key(session, name));
  }

  output(session: string, name: Exclude<DiagnoseName, 'connectionTest'>) {
    return this.runs.output(this.key(session, name));
  }

  networkStatus(session: string): void {
    const steps: ToolStep[] = [
      { file: 'ip', args: ['address', 'show'] },
      { file: 'ip', args: ['route', 'show'] },
      { file: 'cat', args: ['/etc/resolv.conf'] },
      { file: 'ss', args: ['-s'] },
    ];
    if (existsSync('/sys/class/net/wlan0')) steps.push({ file: 'iw', args: ['dev', 'wlan0', 'link'] });
    this.begin(session, 'networkStatus', steps);
  }

  hostLookup(session: string, c: HostLookupCommand): void {
    // The schema allows no leading '-'; checked again where the argument is built.
    if (c.domain.startsWith('-')) throw badRequest('Domain valid IP address or domain');
    const steps: ToolStep[] = [];
    if (c.nslookup) steps.push({ file: 'nslookup', args: ['-timeout=2', '-retry=1', c.domain] });
    if (c.ping) steps.push({ file: 'ping', args: ['-c', '4', '-W', '2', c.domain] });
    if (c.traceroute) steps.push({ file: 'traceroute', args: ['-n', '-w', '1', '-q', '1', '-m', '15', c.domain] });
    this.begin(session, 'hostLookup', steps);
  }

  connectionTest(session: string): void {
    if (DIAGNOSE_NAMES_BUSY.some((n) => this.busy(session, n))) throw conflict(t.alreadyRunning);
    const state: ConnectionTestOutput = { running: true, steps: CONNECTION_TEST_STEPS.map((name) => ({ name, result: 'RUNNING' as const, detail: '' })) };
    this.tests.set(session, state);
    const set = (i: number, result: 'PASS' | 'FAIL' | 'SKIPPED', detail: string) => (state.steps[i] = { ...state.steps[i]!, result, detail });
    void (async () => {
      const addresses = Object.entries(networkInterfaces()).flatMap(([name, list]) => (list ?? []).filter((a) => !a.internal && a.family === 'IPv4').map((a) => `${name} ${a.address}`));
      set(0, addresses.length > 0 ? 'PASS' : 'FAIL', addresses.join(', ') || 'no interface with an IPv4 address');
      let gateway: string | undefined;
      try {
        gateway = /default via (\S+)/.exec((await run('ip', ['route', 'show', 'default'], { timeout: 5000 })).stdout)?.[1];
      } catch {
        gateway = undefined;
      }
      set(1, gateway ? 'PASS' : 'FAIL', gateway ?? 'no default route');
      if (gateway) {
        try {
          await run('ping', ['-c', '1', '-W', '2', gateway], { timeout: 5000 });
          set(2, 'PASS', gateway);
        } catch {
          set(2, 'FAIL', `${gateway} does not answer`);
        }
      } else set(2, 'SKIPPED', '');
      const servers = existsSync('/etc/resolv.conf') ? [...readFileSync('/etc/resolv.conf', 'utf8').matchAll(/^nameserver\s+(\S+)/gm)].map((m) => m[1]!) : [];
      set(3, servers.length > 0 ? 'PASS' : 'FAIL', servers.join(', ') || 'no DNS server');
      try {
        const a = await Promise.race([lookup(CONNECTION_TEST_NAME), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000))]);
        set(4, 'PASS', `${CONNECTION_TEST_NAME} ${a.address}`);
      } catch {
        set(4, 'FAIL', `${CONNECTION_TEST_NAME} not resolved`);
      }
      state.running = false;
    })();
  }

  connectionTestOutput(session: string): ConnectionTestOutput {
    return this.tests.get(session) ?? { running: false, steps: [] };
  }

  close(): void {
    this.runs.stopAll();
  }
}

const DIAGNOSE_NAMES_BUSY: readonly DiagnoseName[] = ['networkStatus', 'hostLookup', 'connectionTest'];
