/** Request logging: nothing per successful request at the default level; refusals stay; debug brings every request back. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ADMIN_PASSWORD } from './helper.ts';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

/** Makes the module's calls with the log at this level and returns every line it wrote. */
async function logOf(
  level: string | undefined,
  calls: (inject: (method: 'GET' | 'POST', url: string, init?: { token?: string; body?: object }) => Promise<number>) => Promise<void>,
): Promise<LogLine[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'request-log-'));
  const lines: LogLine[] = [];
  const config = loadConfig({ MODULE_DATA_DIR: dataDir, MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD, MODULE_MODBUS_PORT: '0', ...(level ? { MODULE_LOG_LEVEL: level } : {}) });
  const { app } = await buildApp(config, { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } });
  try {
    await app.ready();
    await calls(async (method, url, init = {}) => {
      const res = await app.inject({ method, url, headers: init.token ? { authorization: `Bearer ${init.token}` } : {}, ...(init.body ? { payload: init.body } : {}) });
      return res.statusCode;
    });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

describe('request log', () => {
  const polls = async (inject: Parameters<Parameters<typeof logOf>[1]>[0]) => {
    assert.equal(await inject('GET', '/api/systemMode'), 200);
    assert.equal(await inject('GET', '/api/productionTest/result'), 200);
    assert.equal(await inject('GET', '/api/readings/realtime/system'), 401);
    assert.equal(await inject('GET', '/api/exportLog/x.zip?token=secret-token'), 401);
    assert.equal(await inject('GET', '/api/nothing-here'), 404);
  };

  test('default level: no line for a successful request; each refusal is one warn line with its request, token redacted', async () => {
    const lines = await logOf(undefined, polls);
    const perRequest = lines.filter((l) => l.req || l.res);
    assert.deepEqual(
      perRequest.map((l) => [l.level, l.msg, l.req?.method, l.req?.url, l.res?.statusCode]),
      [
        [40, 'request refused', 'GET', '/api/readings/realtime/system', 401],
        [40, 'request refused', 'GET', '/api/exportLog/x.zip?token=[redacted]', 401],
        [40, 'request refused', 'GET', '/api/nothing-here', 404],
      ],
    );
    assert.ok(!lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed'));
  });

  test('a percent-encoded token name (the parser reads ?%74oken= as ?token=) is redacted too', async () => {
    const lines = await logOf('debug', async (inject) => {
      // Any value: a refused request is logged with its URL, and the URL must not carry it.
      const token = 'not-a-session-secret-value';
      assert.equal(await inject('GET', `/api/readings/realtime/system?%74oken=${token}`), 401);
      assert.equal(await inject('GET', `/api/readings/realtime/system?tok%65n=${token}&time=1`), 401);
    });
    const text = JSON.stringify(lines);
    assert.ok(!text.includes('not-a-session-secret-value'), 'the token reached the log');
    assert.ok(lines.some((l) => l.req?.url === '/api/readings/realtime/system?%74oken=[redacted]'));
  });

  test('MODULE_LOG_LEVEL=debug logs every request again', async () => {
    const lines = await logOf('debug', polls);
    assert.equal(lines.filter((l) => l.msg === 'incoming request').length, 5);
    const completed = lines.filter((l) => l.msg === 'request completed');
    assert.deepEqual(
      completed.map((l) => [l.level, l.res?.statusCode]),
      [
        [20, 200],
        [20, 200],
      ],
    );
    assert.equal(lines.filter((l) => l.msg === 'request refused').length, 3);
  });
});
