/**
 * How the Modbus source polls (issue 26, "Polling"; docs/modbus.md), seen from a peer that records
 * every request: modbus-serial's own ServerTCP (the library's server, not our framing) serving the
 * `module` profile. The live block about every second, the energy and demand blocks about every
 * 5 s, one request in flight, reads of at most 125 registers; after the peer goes, reconnects
 * spaced by doubling waits up to the cap (the source's timing overrides keep that part short; the
 * shipped cap is 30 s).
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, test } from 'node:test';
import { ServerTCP } from 'modbus-serial';
import { defaultMeterConfig } from '../../../src/meter/config.ts';
import { MODBUS_TIMING, ModbusSource } from '../../../src/meter/modbus/modbus-source.ts';
import { isCounted, loadProfile, planBlocks } from '../../../src/meter/modbus/profile.ts';
import { freePorts } from '../../../../../test-peers/free-ports.ts';
import { until } from '../../../../../test-peers/until.ts';

interface Request {
  at: number;
  address: number;
  count: number;
}

/** A Modbus TCP peer that records each read and answers it after `delayMs`, counting reads in flight. */
function recordingPeer(port: number, delayMs = 15) {
  const requests: Request[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const answer = async (address: number, count: number): Promise<number[]> => {
    requests.push({ at: Date.now(), address, count });
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    await new Promise((r) => setTimeout(r, delayMs));
    inFlight--;
    return Array.from({ length: count }, () => 0);
  };
  const server = new ServerTCP(
    {
      // The library's callback forms (its promise form takes an array of values, not a promise of one).
      getMultipleHoldingRegisters: (address: number, count: number, _unit: number, cb: (err: Error | null, v: number[]) => void) => void answer(address, count).then((v) => cb(null, v)),
      getHoldingRegister: (address: number, _unit: number, cb: (err: Error | null, v: number) => void) => void answer(address, 1).then((v) => cb(null, v[0]!)),
    },
    { host: '127.0.0.1', port, unitID: 1 },
  );
  return {
    requests,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that takes each connection and drops it at once, noting when: the reconnect attempts. */
function droppingPort(port: number): Promise<{ accepts: number[]; server: Server }> {
  const accepts: number[] = [];
  const server = createServer((s: Socket) => {
    accepts.push(Date.now());
    s.destroy();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ accepts, server })));
}

const gaps = (times: readonly number[]) => times.slice(1).map((t, i) => t - times[i]!);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/**
 * How late a timer may fire on a loaded machine (CI runs two test files at once on two cores): a
 * read is never early, and its period is checked on the median; a single late one is the machine.
 */
const LATE_MS = 700;

let source: ModbusSource | undefined;
let dropper: Server | undefined;
let peer: ReturnType<typeof recordingPeer> | undefined;
after(async () => {
  await source?.close();
  await peer?.close();
  await new Promise((r) => (dropper ? dropper.close(r) : r(undefined)));
});

test('live block every second, energy and demand every 5 s, one request in flight, at most 125 registers; reconnects back off to the cap', async () => {
  const [port] = (await freePorts(1)) as [number];
  const profile = loadProfile('module');
  const points = Object.entries(profile.values);
  const liveStart = planBlocks(points.filter(([k]) => !isCounted(k)))[0]!.start;
  const countedStarts = new Set(planBlocks(points.filter(([k]) => isCounted(k))).map((b) => b.start));
  assert.ok(countedStarts.size > 0, 'the module profile has energy and demand blocks');
  peer = recordingPeer(port);
  const events: string[] = [];
  source = new ModbusSource({
    spec: { kind: 'modbus-tcp', host: '127.0.0.1', port, unit: 1, profile: 'module' },
    profile,
    config: defaultMeterConfig(),
    now: () => Date.now(),
    event: (level, message) => events.push(`${level} ${message}`),
  }).start();

  // Eleven seconds of polling at the shipped timing.
  const firstLive = () => peer!.requests.filter((r) => r.address === liveStart);
  await until('eleven live reads', () => firstLive().length >= 12, 20_000);
  const live = firstLive().map((r) => r.at);
  const liveGaps = gaps(live);
  assert.ok(liveGaps.every((g) => g >= 900 && g <= 1000 + LATE_MS) && median(liveGaps) <= 1100, `live reads ${liveGaps.join(', ')} ms apart`);
  const firstCounted = Math.min(...countedStarts);
  const counted = peer!.requests.filter((r) => r.address === firstCounted).map((r) => r.at);
  assert.ok(counted.length >= 2 && counted.length <= 3, `${counted.length} energy reads in ~11 s`);
  for (const g of gaps(counted)) assert.ok(g >= 4800 && g <= 5000 + LATE_MS, `energy reads ${gaps(counted).join(', ')} ms apart`);
  assert.equal(peer!.maxInFlight(), 1, 'never two requests in flight');
  assert.ok(
    peer!.requests.every((r) => r.count >= 1 && r.count <= 125),
    'every read is 1 to 125 registers',
  );
  assert.equal(events.length, 0, events.join('; '));
  await source.close();

  // The peer goes: a port that drops every connection. Short timing: waits of 250 ms doubling to
  // 2 s. A failed attempt itself takes ~250 ms here (the 50 ms reply timeout, then the close of a
  // socket the peer already dropped, given 200 ms), so the first wait cannot be shorter than that.
  const short = { liveMs: 250, timeoutMs: 50, staleMs: 3500, maxBackoffMs: 2000 };
  const { accepts, server } = await droppingPort((await freePorts(1))[0]!);
  dropper = server;
  const dropPort = (server.address() as { port: number }).port;
  source = new ModbusSource({
    spec: { kind: 'modbus-tcp', host: '127.0.0.1', port: dropPort, unit: 1, profile: 'module' },
    profile,
    config: defaultMeterConfig(),
    now: () => Date.now(),
    event: (level, message) => events.push(`${level} ${message}`),
    timing: short,
  }).start();
  await until('seven attempts', () => accepts.length >= 7, 15_000);
  const waits = gaps(accepts.slice(0, 7));
  const expected = [250, 500, 1000, 2000, 2000, 2000];
  const said = `waits ${waits.join(', ')} ms, expected about ${expected.join(', ')}`;
  waits.forEach((w, i) => assert.ok(w >= expected[i]! * 0.9 && w <= expected[i]! + 300 + LATE_MS, said));
  assert.ok(waits.filter((w, i) => w > expected[i]! + 300).length <= 1, said);
  // One Error for the loss, not one per failed attempt.
  assert.deepEqual(
    events.map((e) => e.split(' ')[0]),
    ['Error'],
  );
  assert.equal(MODBUS_TIMING.maxBackoffMs, 30_000, 'the shipped cap');
  assert.equal(MODBUS_TIMING.liveMs, 1000);
  assert.equal(MODBUS_TIMING.countedMs, 5000);
  assert.equal(MODBUS_TIMING.timeoutMs, 1000);
});
