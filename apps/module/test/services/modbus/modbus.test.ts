/**
 * The Modbus TCP server against Debian's mbpoll: the basic block (function 03, float32 high word
 * first from 0x2000) equals the readings API at the same instant; exceptions 01 (a write), 02
 * (unmapped) and 0B (another unit id); the register map's layout; docs/modbus.md lists it; the
 * server stops with the module.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { REGISTER_MAP, readRegisters } from '../../../src/services/modbus/register-map.ts';
import { answer } from '../../../src/services/modbus/modbus-server.ts';
import { modbusPort } from '../../../src/services/modbus/index.ts';
import { createTestModule, startModuleWithUsers, type TestModule } from '../../helper.ts';

const T0 = Date.parse('2026-06-01T12:00:00Z');

function mbpoll(port: number, args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile('mbpoll', ['-m', 'tcp', '-p', String(port), '-0', '-1', '-o', '1', ...args], { timeout: 5000 }, (e, out, err) =>
      resolve({ code: typeof e?.code === 'number' ? e.code : 0, out, err }),
    );
  });
}

/** mbpoll's "[8192]: \t59.9741" lines → address → value. */
const values = (out: string) => new Map([...out.matchAll(/^\[(\d+)\]:\s+(-?[\d.e+-]+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]));

describe('Modbus TCP server', () => {
  let m: TestModule;
  let port: number;
  before(async () => {
    ({ m } = await startModuleWithUsers({ now: () => T0 }));
    port = m.services.modbus.port()!;
  });
  after(() => m.close());

  test('mbpoll reads the basic block at 0x2000 as float32 (high word first), equal to the readings API', async () => {
    const r = await mbpoll(port, ['-a', '1', '-r', String(0x2000), '-c', '12', '-t', '4:float', '-B', '127.0.0.1']);
    assert.equal(r.code, 0, r.err);
    const v = values(r.out);
    const token = await m.login();
    const rows = (await m.call('GET', '/api/readings/realtime/system', { token })).body.data as Record<string, number | string>[];
    const [a, b, c, sys] = rows as [Record<string, number>, Record<string, number>, Record<string, number>, Record<string, number>];
    const close = (addr: number, expected: number, decimals: number) =>
      assert.ok(Math.abs(v.get(addr)! - expected) <= 0.5 * 10 ** -decimals + 1e-9, `0x${addr.toString(16)}: ${v.get(addr)} vs ${expected}`);
    close(0x2000, sys['Frequency Hz']!, 2);
    [a, b, c].forEach((p, i) => close(0x2002 + 2 * i, p['Line-to-Neutral Voltage V']!, 1));
    close(0x2008, sys['Line-to-Neutral Voltage V']!, 1);
    [a, b, c].forEach((p, i) => close(0x200a + 2 * i, p['Line-to-Line Voltage V']!, 1));
    close(0x2010, sys['Line-to-Line Voltage V']!, 1);
    [a, b, c].forEach((p, i) => close(0x2012 + 2 * i, p['Current A']!, 3));
    assert.equal(v.size, 12);
  });

  test('exceptions: 02 for unmapped registers, 01 for a write, 0B for another unit id', async () => {
    let r = await mbpoll(port, ['-a', '1', '-r', String(0x3000), '-c', '2', '-t', '4', '127.0.0.1']);
    assert.match(r.err, /Illegal data address/);
    r = await mbpoll(port, ['-a', '1', '-r', String(0x2000), '-t', '4', '127.0.0.1', '5']);
    assert.match(r.err, /Illegal function/);
    r = await mbpoll(port, ['-a', '9', '-r', String(0x2000), '-t', '4', '127.0.0.1']);
    assert.match(r.err, /Target device failed to respond/);
    // A read running past the end of a block is refused whole.
    r = await mbpoll(port, ['-a', '1', '-r', String(0x2038), '-c', '4', '-t', '4', '127.0.0.1']);
    assert.match(r.err, /Illegal data address/);
  });

  test('the map: no overlaps, every value two registers; half a float reads its half', () => {
    const addresses = REGISTER_MAP.map((p) => p.address).sort((x, y) => x - y);
    for (let i = 1; i < addresses.length; i++) assert.ok(addresses[i]! - addresses[i - 1]! >= 2, `overlap at 0x${addresses[i]!.toString(16)}`);
    const snap = m.services.meter.snapshot(T0);
    const whole = readRegisters(0x2000, 2, snap, m.services.meter)!;
    assert.equal(whole.readFloatBE(0), Math.fround(snap.frequency));
    assert.deepEqual(readRegisters(0x2001, 1, snap, m.services.meter), whole.subarray(2, 4));
    assert.equal(readRegisters(0x1fff, 2, snap, m.services.meter), undefined);
    // Quantity outside 1..125: exception 03.
    assert.deepEqual(answer(Buffer.from([3, 0x20, 0, 0, 126]), { meter: m.services.meter, now: () => T0, unitId: () => 1 }), Buffer.from([0x83, 3]));
  });

  test('docs/modbus.md lists every register of the map', () => {
    const doc = readFileSync(new URL('../../../../../docs/modbus.md', import.meta.url), 'utf8');
    // Prettier pads the table's cells.
    const listed = new Set([...doc.matchAll(/^\|\s*(0x[0-9A-F]{4})\s*\|\s*([^|]+?)\s*\|/gm)].map((x) => `${x[1]} ${x[2]}`));
    for (const p of REGISTER_MAP) assert.ok(listed.has(`0x${p.address.toString(16).toUpperCase().padStart(4, '0')} ${p.name}`), `${p.name} missing`);
    assert.equal(listed.size, REGISTER_MAP.length);
  });

  test('the port: env override first, then the stored Modbus TCP config, then 502', () => {
    assert.equal(modbusPort(1502, m.services.ctx.kv), 1502);
    assert.equal(modbusPort(undefined, m.services.ctx.kv), 502);
    m.services.ctx.kv.set('section.modbusTcpConfig', { port: 2502 });
    assert.equal(modbusPort(undefined, m.services.ctx.kv), 2502);
  });
});

test('the server stops when the module closes', async () => {
  const m = await createTestModule();
  const port = m.services.modbus.port()!;
  await m.close();
  const refused = await new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });
  assert.ok(refused);
});
