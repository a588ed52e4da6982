/**
 * A real meter behind the module (issue 26): MODULE_METER names a Modbus TCP or RTU meter, read
 * through ReadingSource with modbus-serial, proven against real peers on loopback: another
 * module (profile=module), Debian's python3-pymodbus serving the AcuRev 2000 basic block over TCP
 * and, through a socat pair of pseudo-terminals, over RTU; and the faults: a stopped peer (stale
 * within 5 s, one Error; back: fresh within 30 s, one Info), exception replies and garbage.
 */
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { after, describe, test } from 'node:test';
import { DEMAND_KEYS, meterLinkTexts } from '@meter/contract';
import { parseMeterUrl } from '../../../src/meter/modbus/meter-url.ts';
import { readRegisters } from '../../../src/services/modbus/register-map.ts';
import { localCalendar } from '../../../src/meter/registers/tou-schedule.ts';
import { decode, loadProfile, planBlocks, profileNames, type ProfilePoint } from '../../../src/meter/modbus/profile.ts';
import { freePorts } from '../../../../../test-peers/free-ports.ts';
import { createTestModule, type TestModule } from '../../helper.ts';
import { until } from '../../../../../test-peers/until.ts';
import { floatRegisters, ptyPair, startModbusSlave, type Peer, ACUREV_VALUES } from '../../../../../test-peers/modbus-slave.ts';

type Row = Record<string, number | string>;
const T0 = Date.parse('2026-06-01T12:00:00Z');

async function systemRows(m: TestModule, token: string): Promise<Row[]> {
  const r = await m.call('GET', '/api/readings/realtime/system', { token });
  assert.equal(r.status, 200, r.raw);
  return r.body.data as Row[];
}

async function link(m: TestModule, token: string): Promise<{ source: string; lostSince: number | null; since: string | null }> {
  const r = await m.call('GET', '/api/readings/meter-link', { token });
  assert.equal(r.status, 200, r.raw);
  return r.body.data;
}

const meterEvents = (m: TestModule) => m.services.events.all().filter((e) => /^Meter (not )?responding/.test(e.message));

function assertAcurevRows(rows: Row[]) {
  const [a, b, c, sys] = rows as [Row, Row, Row, Row];
  assert.equal(sys['Frequency Hz'], 59.98);
  assert.deepEqual(
    [a, b, c].map((p) => [p['Line-to-Neutral Voltage V'], p['Line-to-Line Voltage V'], p['Current A']]),
    [
      [121.5, 210.5, 12.5],
      [122.3, 211.3, 13.25],
      [120.8, 209.8, 11.75],
    ],
  );
  assert.equal(sys['Line-to-Neutral Voltage V'], 121.5);
  assert.equal(sys['Line-to-Line Voltage V'], 210.5);
  // The AcuRev basic block has no power, no average current: '-', never invented.
  for (const row of rows) for (const k of ['Active Power kW', 'Reactive Power kvar', 'Apparent Power kVA', 'Power Factor', 'Load Nature']) assert.equal(row[k], '-', `${row.Name} ${k}`);
  assert.equal(sys['Current A'], '-');
}

describe('meter profiles and MODULE_METER', () => {
  test('the shipped profiles load; blocks are contiguous and at most 125 registers', () => {
    assert.deepEqual(profileNames(), ['acurev2000', 'module']);
    const module = loadProfile('module');
    const blocks = planBlocks(Object.entries(module.values));
    assert.ok(blocks.every((b) => b.count >= 1 && b.count <= 125));
    // The basic block 0x2000..0x2039 is one read; each input's five floats another.
    assert.deepEqual(blocks[0], { start: 0x2000, count: 0x3a, keys: blocks[0]!.keys });
    assert.equal(blocks.filter((b) => b.start >= 0x2200).length, 18);
    assert.deepEqual(
      planBlocks(Object.entries(loadProfile('acurev2000').values)).map((b) => [b.start, b.count]),
      [[0x2000, 24]],
    );
  });

  test('types and word orders decode', () => {
    const p = (type: ProfilePoint['type'], wordOrder: 'high' | 'low' = 'high', scale = 1): ProfilePoint => ({ address: 10, type, wordOrder, scale, unit: '' });
    const block = { start: 10, count: 2, keys: [] };
    assert.equal(decode(p('int16'), block, [0xfffe]), -2);
    assert.equal(decode(p('uint16', 'high', 0.1), block, [1234]), 123.4);
    assert.equal(decode(p('int32'), block, [0xffff, 0xfffe]), -2);
    assert.equal(decode(p('uint32', 'low'), block, [0x0001, 0x0002]), 0x20001);
    assert.equal(decode(p('float32'), block, [0x4270, 0x0000]), 60);
    assert.equal(decode(p('float32', 'low'), block, [0x0000, 0x4270]), 60);
    assert.ok(Number.isNaN(decode(p('float32'), block, [0x7fc0, 0])));
  });

  test('MODULE_METER is parsed or refused with what is wrong', () => {
    assert.deepEqual(parseMeterUrl(undefined), { kind: 'simulated' });
    assert.deepEqual(parseMeterUrl('modbus-tcp://10.0.0.5:502?unit=3&profile=acurev2000'), { kind: 'modbus-tcp', host: '10.0.0.5', port: 502, unit: 3, profile: 'acurev2000' });
    assert.deepEqual(parseMeterUrl('modbus-rtu:///dev/ttyUSB0?baud=9600&parity=even&unit=2&profile=module'), {
      kind: 'modbus-rtu',
      path: '/dev/ttyUSB0',
      baud: 9600,
      parity: 'even',
      unit: 2,
      profile: 'module',
    });
    assert.throws(() => parseMeterUrl('modbus-tcp://h:502?unit=1&profile=nope'), /profile must be one of acurev2000, module/);
    assert.throws(() => parseMeterUrl('modbus-tcp://h:502?unit=300&profile=module'), /unit must be 0 to 247/);
    assert.throws(() => parseMeterUrl('modbus-rtu:///etc/passwd?unit=1&profile=module'), /serial device under \/dev/);
    assert.throws(() => parseMeterUrl('modbus-rtu:///dev/ttyS0?baud=1234&unit=1&profile=module'), /baud must be one of/);
    assert.throws(() => parseMeterUrl('http://x'), /unknown meter source http/);
  });
});

describe('Module B reads module A (profile=module)', () => {
  const modules: TestModule[] = [];
  after(() => Promise.all(modules.map((m) => m.close())));

  test('every Basic Metering value of B equals A\'s; what A\'s map lacks is "-"', async () => {
    const a = await createTestModule({ now: () => T0 });
    modules.push(a);
    const port = a.services.modbus.port()!;
    const unit = a.services.device.state().meterAddress;
    const b = await createTestModule({ env: { MODULE_METER: `modbus-tcp://127.0.0.1:${port}?unit=${unit}&profile=module` } });
    modules.push(b);
    const [ta, tb] = await Promise.all([a.login(), b.login()]);
    assert.equal((await link(b, tb)).source, 'modbus-tcp');
    await until('B reads A', async () => (await systemRows(b, tb))[3]!['Frequency Hz'] !== '-');
    // The energy block is read every 5 s: wait for it too.
    await until('B reads the energy', async () => (await b.call('GET', '/api/readings/energy/system', { token: tb })).body.data[3]['Import Active Energy kWh'] !== '-');
    const [ra, rb] = await Promise.all([systemRows(a, ta), systemRows(b, tb)]);
    assert.equal(rb.length, 4);
    rb.forEach((row, i) => {
      for (const [k, v] of Object.entries(ra[i]!)) {
        if (typeof v === 'number') {
          const decimals = k === 'Frequency Hz' ? 2 : k.endsWith(' V') ? 1 : 3;
          // float32 on the wire: equal to the shown decimals (one unit of the last at a rounding edge).
          assert.ok(Math.abs((row[k] as number) - v) <= 10 ** -decimals + 1e-9, `${row.Name} ${k}: B ${row[k]} vs A ${v}`);
        } else assert.equal(row[k], v, `${row.Name} ${k}`);
      }
    });
    const ch = (m: TestModule, t: string) => m.call('GET', '/api/readings/realtime/channels/2', { token: t }).then((r) => r.body.data[0] as Row);
    const [ca, cb] = await Promise.all([ch(a, ta), ch(b, tb)]);
    assert.ok(Math.abs((cb['Current A'] as number) - (ca['Current A'] as number)) <= 0.001);
    assert.equal(cb['Line-to-Neutral Voltage V'], '-', 'the module map has no input voltage');
    const ea = (await a.call('GET', '/api/readings/energy/system', { token: ta })).body.data[3] as Row;
    const eb = (await b.call('GET', '/api/readings/energy/system', { token: tb })).body.data[3] as Row;
    // A's registers count while B reads them: within the change of a few seconds at the building's load.
    assert.ok(
      Math.abs((eb['Import Active Energy kWh'] as number) - (ea['Import Active Energy kWh'] as number)) < 1,
      `${eb['Import Active Energy kWh']} vs ${ea['Import Active Energy kWh']}`,
    );
    assert.equal(eb['Current Month Peak kWh'], '-', 'TOU is not in the module map');
    const demand = (await b.call('GET', '/api/readings/demand/system', { token: tb })).body.data[3] as Row;
    assert.equal(demand[DEMAND_KEYS.active.demand], '-', 'demand is not in the module map');
    const harmonics = (await b.call('GET', '/api/readings/harmonics/voltage', { token: tb })).body.data[0] as Row;
    assert.equal(harmonics['Voltage THD %'], '-');
    // B is a gateway now: its own Modbus server serves A's values.
    const served = readRegisters(0x2000, 2, b.services.meter.snapshot(Date.now()), b.services.meter)!;
    assert.ok(Math.abs(served.readFloatBE(0) - (ra[3]!['Frequency Hz'] as number)) <= 0.01);
    // On a loaded machine A may answer late once (an Error, then an Info): the link ends up.
    assert.notEqual(meterEvents(b).at(-1)?.level, 'Error');
  });
});

describe('a third-party Modbus TCP meter (pymodbus) with the acurev2000 profile', () => {
  let m: TestModule;
  let peer: Peer | undefined;
  let port: number;
  after(async () => {
    await peer?.stop();
    await m?.close();
  });
  const serve = async (delayMs = 0): Promise<Peer> => (peer = await startModbusSlave({ mode: 'tcp', port, unit: 3, registers: floatRegisters(ACUREV_VALUES), delayMs }));

  test('the readings API shows exactly the served values', async () => {
    port = (await freePorts(1))[0]!;
    await serve();
    m = await createTestModule({ env: { MODULE_METER: `modbus-tcp://127.0.0.1:${port!}?unit=3&profile=acurev2000` } });
    const token = await m.login();
    await until('the module reads the peer', async () => (await systemRows(m, token))[3]!['Frequency Hz'] !== '-');
    assertAcurevRows(await systemRows(m, token));
    assert.deepEqual(await link(m, token), { source: 'modbus-tcp', lostSince: null, since: null });
  });

  test('peer stopped: stale within 5 s and one Error; back: fresh within 30 s and one Info', async () => {
    const token = await m.login();
    await peer!.stop();
    const stopped = Date.now();
    await until('stale', async () => (await link(m, token)).lostSince !== null, 8000);
    assert.ok(Date.now() - stopped <= 5000 + 500, `stale after ${Date.now() - stopped} ms`);
    const lost = await link(m, token);
    // The banner's time: the device's wall clock of the loss.
    assert.equal(lost.since, new Date(localCalendar(m.services.meter.config.timeZone ?? 0, lost.lostSince!).localMs).toISOString().slice(11, 19));
    assert.ok(lost.lostSince! >= stopped - 1000 && lost.lostSince! <= Date.now());
    const rows = await systemRows(m, token);
    assert.equal(rows[3]!['Frequency Hz'], '-');
    assert.equal(rows[0]!['Line-to-Neutral Voltage V'], '-');
    // Polls go on failing: still one entry. A negative with no event to wait for: the time of a few polls passes first.
    await new Promise((r) => setTimeout(r, 2500));
    let ev = meterEvents(m);
    assert.equal(ev.length, 1, JSON.stringify(ev));
    assert.equal(ev[0]!.level, 'Error');
    assert.match(ev[0]!.message, /^Meter not responding \(modbus-tcp:\/\/127\.0\.0\.1:\d+\?unit=3&profile=acurev2000\): /);
    await serve();
    const back = Date.now();
    await until('fresh again', async () => (await link(m, token)).lostSince === null, 32_000);
    assert.ok(Date.now() - back <= 30_000);
    assertAcurevRows(await systemRows(m, token));
    ev = meterEvents(m);
    assert.deepEqual(
      ev.map((e) => [e.level, e.message.replace(/\(.*\)/, '(…)').replace(/: .*/, '')]),
      [
        ['Error', 'Meter not responding (…)'],
        ['Info', meterLinkTexts.recoveredEvent('…')],
      ],
    );
  });
});

describe('faults that never crash the module', () => {
  const closers: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of closers.reverse()) await c();
  });

  test('a wrong unit id (exception replies): stale, one Error, the module answers on', async () => {
    const [port] = await freePorts(1);
    const peer = await startModbusSlave({ mode: 'tcp', port: port!, unit: 3, registers: floatRegisters(ACUREV_VALUES) });
    closers.push(() => peer.stop());
    const m = await createTestModule({ env: { MODULE_METER: `modbus-tcp://127.0.0.1:${port!}?unit=4&profile=acurev2000` } });
    closers.push(() => m.close());
    const token = await m.login();
    await until('stale', async () => (await link(m, token)).lostSince !== null, 8000);
    assert.equal((await systemRows(m, token))[3]!['Frequency Hz'], '-');
    assert.equal(meterEvents(m).length, 1);
  });

  test('garbage and floods: no crash, the heap does not grow, the banner stays', async () => {
    // A peer that answers every request with a flood of random bytes and half-frames.
    const sockets = new Set<Socket>();
    const server = createServer((s) => {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
      s.on('data', (req) => {
        const junk = Buffer.alloc(4096);
        for (let i = 0; i < junk.length; i++) junk[i] = (i * 131 + req.length * 7) & 0xff;
        // An MBAP header echoing the transaction, claiming a huge length, then the junk.
        junk.writeUInt16BE(req.readUInt16BE(0), 0);
        junk.writeUInt16BE(0, 2);
        junk.writeUInt16BE(0xffff, 4);
        s.write(junk);
        s.write(junk.subarray(0, 9));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(
      () =>
        new Promise((r) => {
          for (const s of sockets) s.destroy();
          server.close(() => r());
        }),
    );
    const port = (server.address() as { port: number }).port;
    const m = await createTestModule({ env: { MODULE_METER: `modbus-tcp://127.0.0.1:${port}?unit=1&profile=module` } });
    closers.push(() => m.close());
    const token = await m.login();
    await until('stale', async () => (await link(m, token)).lostSince !== null, 8000);
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    await new Promise((r) => setTimeout(r, 4000));
    global.gc?.();
    const grown = process.memoryUsage().heapUsed - heap0;
    assert.ok(grown < 20 * 1024 * 1024, `heap grew ${grown} bytes`);
    assert.equal((await systemRows(m, token))[3]!['Frequency Hz'], '-');
    assert.equal(meterEvents(m).length, 1);
  });
});

describe('Modbus RTU over a socat pair of pseudo-terminals (pymodbus serial slave)', () => {
  const closers: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of closers.reverse()) await c();
  });

  test("the readings API shows the slave's values", async () => {
    const pty = await ptyPair();
    closers.push(() => pty.stop());
    const slave = await startModbusSlave({ mode: 'rtu', device: pty.a, baud: 19200, parity: 'N', unit: 5, registers: floatRegisters(ACUREV_VALUES) });
    closers.push(() => slave.stop());
    const m = await createTestModule({ env: { MODULE_METER: `modbus-rtu://${pty.b}?baud=19200&parity=none&unit=5&profile=acurev2000` } });
    closers.push(() => m.close());
    const token = await m.login();
    assert.equal((await link(m, token)).source, 'modbus-rtu');
    await until('the module reads the slave', async () => (await systemRows(m, token))[3]!['Frequency Hz'] !== '-', 15_000);
    assertAcurevRows(await systemRows(m, token));
  });
});
