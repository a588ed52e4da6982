/**
 * The IP whitelist guards Modbus TCP too (002 §4.5: every listener): with the list enabled, mbpoll
 * from the listed 127.0.0.1 reads, a connection from 127.0.0.2 is closed unanswered; disabled,
 * both are answered.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

const PATH = '/api/settings/communication/ipWhitelistConfig';

function mbpoll(port: number): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      'mbpoll',
      ['-m', 'tcp', '-p', String(port), '-0', '-1', '-o', '1', '-a', '1', '-r', String(0x2000), '-c', '2', '-t', '4:float', '-B', '127.0.0.1'],
      { timeout: 5000 },
      (e, out, err) => resolve({ code: typeof e?.code === 'number' ? e.code : 0, out, err }),
    );
  });
}

/** One read of two registers at 0x2000 from a chosen source address: the reply's bytes, or 'closed'. */
function readFrom(port: number, localAddress: string): Promise<Buffer | 'closed'> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port, localAddress });
    let got = Buffer.alloc(0);
    s.setTimeout(3000, () => {
      s.destroy();
      reject(new Error('no answer and no close'));
    });
    s.on('connect', () => s.write(Buffer.from([0, 1, 0, 0, 0, 6, 1, 3, 0x20, 0x00, 0, 2])));
    s.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (got.length >= 13) {
        s.destroy();
        resolve(got);
      }
    });
    s.on('error', () => undefined);
    s.on('close', () => resolve(got.length > 0 ? got : 'closed'));
  });
}

let m: TestModule;
let token: string;
let port: number;
before(async () => {
  ({ m, admin: token } = await startModuleWithUsers());
  port = m.services.modbus.port()!;
});
after(() => m.close());

test('an enabled whitelist closes Modbus connections from addresses not on it', async () => {
  const before = await readFrom(port, '127.0.0.2');
  assert.ok(Buffer.isBuffer(before) && before[7] === 3, 'answered while the whitelist is off');

  const on = await m.call('PUT', PATH, { token, body: { whiteListEnable: true, whiteList: [{ ipv4: '127.0.0.1', ipv6: '', description: 'me' }] } });
  assert.equal(on.status, 200, on.raw);
  assert.equal(await readFrom(port, '127.0.0.2'), 'closed');
  const listed = await mbpoll(port);
  assert.equal(listed.code, 0, listed.err);
  assert.match(listed.out, /^\[8192\]:/m);

  const off = await m.call('PUT', PATH, { token, body: { whiteListEnable: false, whiteList: [{ ipv4: '127.0.0.1', ipv6: '', description: 'me' }] } });
  assert.equal(off.status, 200, off.raw);
  const again = await readFrom(port, '127.0.0.2');
  assert.ok(Buffer.isBuffer(again) && again[7] === 3);
});
