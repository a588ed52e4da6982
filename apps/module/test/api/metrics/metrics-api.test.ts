/**
 * GET /metrics (issue 27, docs/metrics.md): who may scrape (the API token as a bearer, or anyone
 * once admin opens it; else 401), both exposition formats, the names, values equal to the
 * readings API at the same instant, and Debian's `promtool check metrics` on a scrape.
 */
import { ADMIN_ONLY_TEXT, REALTIME_KEYS as K, type ReadingRow } from '@meter/contract';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, addRole, addUser } from '../../users-helpers.ts';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const SETTINGS = '/api/settings/communication/metricsConfig';

/** The samples of a scrape: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

describe('GET /metrics', () => {
  let m: TestModule;
  let admin: string;
  let apiToken: string;
  let scrape: string;

  before(async () => {
    ({ m, admin } = await startModuleWithUsers({ now: () => T0 }));
    apiToken = (await m.call('GET', '/api/command/getApiToken', { token: admin })).body.data.value as string;
  });
  after(() => m.close());

  test('without a token: 401; a session without readings view: 403; a bad token: 401', async () => {
    const res = await m.call('GET', '/metrics');
    assert.equal(res.status, 401);
    assert.equal(res.body.data.value, 'Unauthorized');
    assert.equal((await m.call('GET', '/metrics', { token: 'not-a-token' })).status, 401);
    await addRole(m, admin, 'noreadings', 2, 0, 2, 2);
    await addUser(m, admin, 'cfg', { accessLevel: 'noreadings' });
    assert.equal((await m.call('GET', '/metrics', { token: await m.login('cfg', USER_PASSWORD) })).status, 403);
  });

  test('the API token as a bearer: the Prometheus text format with the readings of the instant', async () => {
    const res = await m.call('GET', '/metrics', { token: apiToken });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    scrape = res.raw;
    assert.doesNotMatch(scrape, /# EOF/);
    const s = samples(scrape);
    const rows = (await m.call('GET', '/api/readings/realtime/system', { token: apiToken })).body.data as ReadingRow[];
    const system = rows.find((r) => r.Name === 'System')!;
    // The readings round kW to three decimals: the metric in W is within half a watt.
    assert.ok(Math.abs(s.get('acurev_active_power_watts')! - Number(system[K.activePower]) * 1000) <= 0.5, scrape);
    assert.ok(Math.abs(s.get('acurev_frequency_hertz')! - Number(system[K.frequency])) <= 0.005);
    assert.ok(Math.abs(s.get('acurev_phase_voltage_volts{phase="a"}')! - Number(rows[0]![K.vln])) <= 0.05);
    assert.ok(Math.abs(s.get('acurev_line_voltage_volts{line="ab"}')! - Number(rows[0]![K.vll])) <= 0.05);
    const ch1 = (await m.call('GET', '/api/readings/realtime/channels/1', { token: apiToken })).body.data as ReadingRow[];
    const label = [...s.keys()].find((k) => k.startsWith('acurev_channel_current_amperes{channel="1",'))!;
    assert.ok(Math.abs(s.get(label)! - Number(ch1[0]![K.current])) <= 0.0005, `${label} ${JSON.stringify(ch1[0])}`);
    // Energy: the registers in kWh, as joules.
    const energy = m.services.meter.energy('sys')!;
    assert.equal(s.get('acurev_active_energy_import_joules_total'), energy.importActive * 3.6e6);
    // 18 channels, each on one phase a-c; labels never carry a time or free text.
    const channels = [...s.keys()].filter((k) => k.startsWith('acurev_channel_active_power_watts{'));
    assert.equal(channels.length, 18);
    for (const k of channels) assert.match(k, /^acurev_channel_active_power_watts\{channel="([1-9]|1[0-8])",phase="[abc]"\}$/);
    const id = m.services.device.identity();
    assert.equal(
      s.get(
        `acurev_info{meter_model="${id.meterModel}",meter_serial_number="${id.meterSerialNumber}",meter_firmware_version="${id.meterFirmwareVersion}",module_model="${id.moduleModel}",module_firmware_version="${id.moduleFirmwareVersion}"}`,
      ),
      1,
    );
  });

  test('names: one prefix, base units, counters end in _total and gauges never do', () => {
    const types = [...scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((x) => [x[1]!, x[2]!] as const);
    assert.equal(types.length, 34, 'the families of docs/metrics.md');
    for (const [name, type] of types) {
      assert.match(name, /^acurev_/);
      if (type === 'counter') assert.match(name, /_(joules|volt_ampere_reactive_seconds|volt_ampere_seconds)_total$/);
      else assert.equal(type, 'gauge', name);
      if (type === 'gauge') assert.match(name, /_(volts|amperes|watts|volt_amperes|volt_amperes_reactive|hertz|power_factor|info)$/, name);
    }
  });

  test('promtool check metrics reports nothing for a scrape', () => {
    const check = spawnSync('promtool', ['check', 'metrics'], { input: scrape, encoding: 'utf8' });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.equal(check.stdout + check.stderr, '');
  });

  test('Accept: application/openmetrics-text gets OpenMetrics 1.0, ending with # EOF', async () => {
    const res = await m.call('GET', '/metrics', { token: apiToken, headers: { accept: 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/openmetrics-text; version=1.0.0; charset=utf-8');
    assert.ok(res.raw.endsWith('# EOF\n'), res.raw.slice(-40));
    // The counter family is named without _total, its sample with it.
    assert.match(res.raw, /^# TYPE acurev_active_energy_import_joules counter$/m);
    assert.match(res.raw, /^acurev_active_energy_import_joules_total \S+$/m);
  });

  test('open access: only admin turns it on; then no token is needed; off again is 401', async () => {
    const get = await m.call('GET', SETTINGS, { token: admin });
    assert.deepEqual(get.body.data, { openAccess: 0 });
    await addRole(m, admin, 'engineer', 0, 0, 0, 2);
    await addUser(m, admin, 'eng', { accessLevel: 'engineer' });
    const eng = await m.call('PUT', SETTINGS, { token: await m.login('eng', USER_PASSWORD), body: { openAccess: 1 } });
    assert.equal(eng.status, 403);
    assert.equal(eng.body.data.value, ADMIN_ONLY_TEXT);
    assert.equal((await m.call('GET', '/metrics')).status, 401);
    assert.equal((await m.call('PUT', SETTINGS, { token: admin, body: { openAccess: 2 } })).status, 400);
    assert.equal((await m.call('PUT', SETTINGS, { token: admin, body: { openAccess: 1 } })).status, 200);
    const open = await m.call('GET', '/metrics');
    assert.equal(open.status, 200);
    assert.match(open.raw, /^acurev_active_power_watts /m);
    assert.equal((await m.call('PUT', SETTINGS, { token: admin, body: { openAccess: 0 } })).status, 200);
    assert.equal((await m.call('GET', '/metrics')).status, 401);
  });
});
