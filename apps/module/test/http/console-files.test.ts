/**
 * The console's files as the module serves them (issue 14, first load): the build's .br/.gz sent
 * as they are, hashed assets cached for a year, index.html revalidated, and the security headers
 * on every reply, HSTS on the HTTPS listener only. A console folder is laid out here the way the
 * build lays it out (the e2e first-load test checks the real build).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { listenHttps, type HttpsListener } from '../../src/services/web-server/https-listener.ts';
import { contentSecurityPolicy } from '../../src/services/web-server/console-policy.ts';
import { startModuleWithUsers, type TestModule } from '../helper.ts';

const SCRIPT = "document.documentElement.setAttribute('data-bs-theme', 'dark');";
const STYLE = 'body { margin: 0; }';
const INDEX = `<!doctype html><html><head><script>${SCRIPT}</script><style>${STYLE}</style><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>`;
const ASSET = `export const x = ${JSON.stringify('x'.repeat(4000))};`;
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('console files', () => {
  let dir: string;
  let m: TestModule;
  let https: HttpsListener;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-files-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets/index-AbCd1234.js'), ASSET);
    writeFileSync(join(dir, 'assets/index-AbCd1234.js.gz'), gzipSync(ASSET));
    writeFileSync(join(dir, 'assets/index-AbCd1234.js.br'), brotliCompressSync(ASSET));
    ({ m } = await startModuleWithUsers({ env: { MODULE_CONSOLE_DIR: dir } }));
    const { certificate, events, whitelist } = m.services;
    https = await listenHttps(m.app, { port: 0, host: '127.0.0.1', certificate, events, allows: (a) => whitelist.allows(a) });
  });
  after(async () => {
    await https.close();
    await m.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fetchRaw = (url: string, encoding?: string) => m.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  test('a hashed asset: brotli or gzip as the client takes, the same bytes, cached for a year', async () => {
    const br = await fetchRaw('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), ASSET);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    const gz = await fetchRaw('/assets/index-AbCd1234.js', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), ASSET);
    const plain = await fetchRaw('/assets/index-AbCd1234.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, ASSET);
  });

  test('index.html, at / and at any page path, is revalidated every time', async () => {
    for (const url of ['/', '/index.html', '/reading/metering/basic_metering']) {
      const r = await fetchRaw(url, 'gzip');
      assert.equal(r.statusCode, 200, url);
      assert.equal(r.headers['cache-control'], 'no-cache', url);
      assert.match(r.headers['content-type'] as string, /text\/html/, url);
    }
  });

  test('every reply carries the policy: the inline script and style by hash only, no frames, no sniffing, no referrer', async () => {
    const policy = contentSecurityPolicy(INDEX);
    assert.match(policy, new RegExp(`script-src 'self' ${sha(SCRIPT).replace(/[+/]/g, '\\$&')}(;|$)`));
    assert.ok(policy.includes(`style-src 'self' ${sha(STYLE)}`));
    assert.ok(!policy.includes('unsafe-inline') && !policy.includes('unsafe-eval'));
    assert.ok(policy.includes("frame-ancestors 'none'"));
    for (const url of ['/', '/assets/index-AbCd1234.js', '/api/systemMode', '/api/nothing-here']) {
      const r = await fetchRaw(url);
      assert.equal(r.headers['content-security-policy'], policy, url);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(r.headers['referrer-policy'], 'no-referrer', url);
      // Plain HTTP: a Strict-Transport-Security header there means nothing.
      assert.equal(r.headers['strict-transport-security'], undefined, url);
    }
  });

  test('the HTTPS listener adds Strict-Transport-Security', async () => {
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      get({ host: '127.0.0.1', port: https.port, path: '/api/systemMode', rejectUnauthorized: false, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      }).on('error', reject);
    });
    assert.equal(headers['strict-transport-security'], 'max-age=63072000; includeSubDomains');
    assert.ok(String(headers['content-security-policy']).includes("frame-ancestors 'none'"));
  });
});
