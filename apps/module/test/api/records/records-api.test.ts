import { blankCtChannels, ctLayout, recordTexts } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { recordHash } from '../../../src/services/records/record-service.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext extracts it (a real, independent reader). */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'record-pdf-')), 'record.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

/** Every word of a PDF with its box, as poppler's pdftotext -bbox reads it. */
async function pdfWords(pdf: Buffer): Promise<{ text: string; xMin: number; xMax: number; yMin: number }[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'record-pdf-')), 'record.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-bbox', file, '-']);
  return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
    text: m[4]!,
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
  }));
}

describe('records API', () => {
  let m: TestModule;
  let admin: string;
  let viewer: string;
  before(async () => {
    const s = await startModuleWithUsers({ users: ['viewer'] });
    [m, admin, viewer] = [s.m, s.admin, s.tokens.viewer];
  });
  after(() => m.close());

  const get = (url: string, token = admin) => m.call('GET', url, { token });
  const put = (url: string, body: unknown, token = admin) => m.call('PUT', url, { token, body });

  test('CT layouts: 18 x 1, 6 x 3, 6 x 2 with every third input skipped', () => {
    assert.deepEqual(
      ctLayout(0).map((s) => [s.id, s.userChannel]),
      Array.from({ length: 18 }, (_, i) => [i + 1, i + 1]),
    );
    assert.deepEqual(
      ctLayout(1).map((s) => `${s.userChannel}${s.phase}`),
      Array.from({ length: 6 }, (_, c) => ['A', 'B', 'C'].map((p) => `${c + 1}${p}`)).flat(),
    );
    assert.deepEqual(
      ctLayout(2).map((s) => s.id),
      [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17],
    );
  });

  test('a fresh record reads its defaults; a save is read back and logged', async () => {
    const r = await get('/api/record/clientInfo');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, { client: '', address: '' });
    const saved = await put('/api/record/clientInfo', { client: 'Harbour Foods Ltd', address: '1 Quay Road' });
    assert.equal(saved.status, 200, saved.raw);
    assert.deepEqual((await get('/api/record/clientInfo')).body.data, { client: 'Harbour Foods Ltd', address: '1 Quay Road' });
    const log = m.services.ctx.db.prepare('SELECT message FROM module_event_log ORDER BY id DESC LIMIT 5').all() as { message: string }[];
    assert.ok(
      log.some((e) => e.message === 'Client information saved by admin'),
      JSON.stringify(log),
    );
  });

  test('every record section refuses a bad body with 400 and keeps what it had', async () => {
    const bad: Record<string, unknown> = {
      installInfo: { installationDate: '2026-02-30', installerName: 'A', meterLocation: 'B' },
      deviceInstall: { ...(await get('/api/record/deviceInstall')).body.data, moduleEthernet0MACAddress: '00:11:22' },
      commInstall: { ...(await get('/api/record/commInstall')).body.data, modbusTCPPort: 70000 },
      ctInstall: { wiringType: 2, ctChannels: blankCtChannels(1) },
      commissionInfo: { ...(await get('/api/record/commissionInfo')).body.data, inspectionStatus: 3, inspectionStatusOthers: '' },
      ptRecord: { voltageA: 'x', voltageB: 230, voltageC: 230 },
      clientInfo: { client: 'x'.repeat(65), address: '' },
    };
    for (const [key, body] of Object.entries(bad)) {
      const before = (await get(`/api/record/${key}`)).body.data;
      const r = await put(`/api/record/${key}`, body);
      assert.equal(r.status, 400, `${key}: ${r.raw}`);
      assert.equal(typeof r.body.data.value, 'string');
      assert.deepEqual((await get(`/api/record/${key}`)).body.data, before, key);
    }
    const date = await put('/api/record/installInfo', bad.installInfo);
    assert.equal(date.body.data.errors.installationDate, recordTexts.badDate('Installation Date'));
    const layout = await put('/api/record/ctInstall', bad.ctInstall);
    assert.equal(layout.body.data.errors.ctChannels, recordTexts.badCtLayout);
    const unknown = await put('/api/record/clientInfo', { client: 'a', address: 'b', extra: 1 });
    assert.equal(unknown.status, 400);
  });

  test('the CT record accepts each wiring layout', async () => {
    for (const w of [0, 1, 2]) {
      const r = await put('/api/record/ctInstall', { wiringType: w, ctChannels: blankCtChannels(w) });
      assert.equal(r.status, 200, r.raw);
      assert.equal((await get('/api/record/ctInstall')).body.data.ctChannels.length, [18, 18, 12][w]);
    }
  });

  test('a view-only user reads the record but every write is 403', async () => {
    assert.equal((await get('/api/record/clientInfo', viewer)).status, 200);
    for (const key of ['clientInfo', 'installInfo', 'deviceInstall', 'commInstall', 'ctInstall', 'commissionInfo', 'ptRecord']) {
      const current = (await get(`/api/record/${key}`)).body.data;
      const r = await put(`/api/record/${key}`, current, viewer);
      assert.equal(r.status, 403, key);
    }
    assert.equal((await m.call('GET', '/api/record/clientInfo')).status, 401);
  });

  test('deviceStatus, ctStatus and ptValue answer from the live device', async () => {
    const id = m.services.device.identity();
    const d = await get('/api/record/deviceStatus');
    assert.equal(d.body.data.meterSerialNumber, id.meterSerialNumber);
    assert.equal(d.body.data.moduleEthernet0MACAddress, id.moduleEth0MacAddress);
    const ct = await get('/api/record/ctStatus');
    const snap = m.services.meter.snapshot(Date.now());
    assert.equal(ct.body.data.ctChannels.length, 18);
    // Live: the same input's current as the meter gives now (the simulation moves slowly).
    assert.ok(Math.abs(ct.body.data.ctChannels[0].current - snap.inputs[0]!.current) < Math.max(1, snap.inputs[0]!.current * 0.2));
    const pt = await get('/api/record/ptValue');
    assert.ok(Math.abs(pt.body.data.voltageA - snap.phases[0].vln) < 5);
  });

  test('commStatus answers the communication the device has: ports, WiFi, Modbus TCP, RS-485 and BACnet/IP', async () => {
    const ip = m.services.network.ipStatus();
    const before = (await get('/api/record/commStatus')).body.data;
    assert.deepEqual(
      [before.eth1IPAddress, before.eth1DHCP, before.eth1Status, before.eth2IPAddress, before.eth2DHCP, before.wifiEnable],
      [ip.eth0.ip, ip.eth0.dhcp ? 1 : 0, 1, ip.eth1.ip, ip.eth1.dhcp ? 1 : 0, ip.wlan0.enabled ? 1 : 0],
    );
    assert.equal(before.eth1IPAddress, '192.168.1.254');
    const meter = (await get('/api/settings/meter')).body.data;
    assert.equal(before.modbusRTUAddress, meter.meterAddress);
    assert.equal(before.modbusRTUBaudrate, meter.meterBaud);

    assert.equal((await put('/api/settings/communication/modbusTcpConfig', { port: 2502 })).status, 200);
    const bacnet = (await get('/api/settings/communication/bacNetConfig')).body.data;
    const saved = await put('/api/settings/communication/bacNetConfig', { ...bacnet, enable: 1, port: 47900, deviceInstance: 1234 });
    assert.equal(saved.status, 200, saved.raw);
    const after = (await get('/api/record/commStatus')).body.data;
    assert.deepEqual([after.modbusTCPPort, after.bacNetIPEnabled, after.bacNetIPPort, after.bacNetIPID], [2502, 1, 47900, 1234]);
  });

  test('the installation record PDF is searchable: titles, client, every CT serial and the hash', async () => {
    await put('/api/record/clientInfo', { client: 'Harbour Foods Ltd', address: '1 Quay Road' });
    // Long models and descriptions wrap their own columns, never a serial number.
    const channels = blankCtChannels(1).map((c, i) => ({
      ...c,
      ctSerialNumber: `CTSN-${1000 + i}`,
      ctModel: 'AcuCT-H100-250A',
      panelDescription: `Main switchboard north wing feeder ${i}`,
    }));
    assert.equal((await put('/api/record/ctInstall', { wiringType: 1, ctChannels: channels })).status, 200);
    const r = await m.app.inject({ method: 'GET', url: '/api/record/installationRecord.pdf', headers: { authorization: `Bearer ${viewer}` } });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'application/pdf');
    assert.match(String(r.headers['content-disposition']), /filename="Installation Record.pdf"/);
    const hash = recordHash(m.services.records.installation());
    assert.equal(r.headers['x-record-sha256'], hash);
    const text = await pdfText(r.rawPayload);
    for (const title of ['Installation Record', 'Client Information', 'Installation Information', 'Device Information', 'CT Installation Table', 'Communication Information'])
      assert.ok(text.includes(title), title);
    assert.ok(text.includes('Harbour Foods Ltd'));
    for (const c of channels) assert.ok(text.includes(c.ctSerialNumber), c.ctSerialNumber);
    assert.ok(text.includes(recordTexts.pdfHash(hash)), 'hash line');
    assert.match(text, /Page 1 of \d/);
  });

  test('the inspection record PDF holds its own sections and splits the CT table across pages', async () => {
    await put('/api/record/commissionInfo', {
      commissionDate: '2026-11-01',
      commissioner: 'Ada Commissioner',
      inspectionDate: '2026-11-20',
      inspector: 'Ian Inspector',
      inspectionStatus: 3,
      inspectionStatusOthers: 'Awaiting panel labels',
      inspectionNotes: 'All CTs verified on live values.',
    });
    const r = await m.app.inject({ method: 'GET', url: '/api/record/inspectionRecord.pdf', headers: { authorization: `Bearer ${admin}` } });
    assert.equal(r.statusCode, 200);
    const text = await pdfText(r.rawPayload);
    for (const title of [
      'Inspection Record',
      'Commission Information',
      'Inspection Information',
      'PT Inspection Table',
      'CT Inspection Table',
      'Inspection Notes',
      'Inspection Status',
      'Signature',
    ])
      assert.ok(text.includes(title), title);
    assert.ok(text.includes('Others: Awaiting panel labels'));
    assert.ok(text.includes('Ada Commissioner'));
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    assert.ok(pages >= 2, `pages ${pages}`);
    assert.ok(text.includes(recordTexts.pdfHash(recordHash(m.services.records.inspection()))));
  });

  test('the printed PT and CT tables right-align their measured numbers under a header that names the unit', async () => {
    const channels = blankCtChannels(1).map((c, i) => ({ ...c, current: [5, 1234.5, 12.25][i % 3]!, activePower: i === 0 ? -98765.4 : 1.2, powerFactor: i === 0 ? -0.5 : 1 }));
    assert.equal((await put('/api/record/ctInstall', { wiringType: 1, ctChannels: channels })).status, 200);
    assert.equal((await put('/api/record/ptRecord', { voltageA: 230, voltageB: 100000.5, voltageC: 7.25 })).status, 200);
    const r = await m.app.inject({ method: 'GET', url: '/api/record/inspectionRecord.pdf', headers: { authorization: `Bearer ${admin}` } });
    assert.equal(r.statusCode, 200);
    const words = await pdfWords(r.rawPayload);
    // A column's values and its header's last word end on one right edge; values of other widths start at other places.
    const column = (header: string, values: readonly string[]) => {
      const head = words.find((w) => w.text === header);
      assert.ok(head, `header ${header}`);
      const cells = values.map((v) => {
        const cell = words.find((w) => w.text === v && w.yMin > head.yMin);
        assert.ok(cell, `value ${v}`);
        return cell;
      });
      for (const c of cells) assert.ok(Math.abs(c.xMax - head.xMax) < 1, `${c.text} ends at ${c.xMax}, ${header} at ${head.xMax}`);
      assert.ok(new Set(cells.map((c) => Math.round(c.xMin))).size === cells.length, 'values of other widths start at other places');
    };
    column('(V)', ['230.0', '100000.5', '7.3']);
    column('(A)', ['5.000', '1234.500', '12.250']);
    column('(kW)', ['-98765.400', '1.200']);
    column('Factor', ['-0.500', '1.000']);
  });

  test('making a PDF leaves the event loop free (it runs in a worker thread)', async () => {
    // Laid out on the event loop, the PDF would let no timer fire until it is done (the layout
    // is synchronous); in the worker the loop keeps turning the whole time.
    let ticks = 0;
    const probe = setInterval(() => ticks++, 5);
    const t0 = performance.now();
    const { pdf } = await m.services.records.inspectionPdf();
    const ms = performance.now() - t0;
    clearInterval(probe);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.ok(ticks >= Math.min(5, ms / 50), `${ticks} ticks in ${ms.toFixed(0)} ms`);
  });
});
