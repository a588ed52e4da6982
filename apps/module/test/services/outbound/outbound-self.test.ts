/**
 * Outbound connections never reach the module's own listeners (issue 25 item 12): a post channel,
 * the SMTP test, the firmware server check, remote access registration and MQTT aimed at the module's
 * HTTP or Modbus TCP port (on 127.0.0.1, localhost or 0.0.0.0) answer "could not connect" and the
 * listener sees no connection; a port that refuses, one that resets and one that speaks another
 * protocol answer the very same words.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { syslogFileName } from '../../../src/services/maintenance/system-log.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

/** A TCP peer on loopback that treats each connection with `onSocket`. */
async function tcpPeer(onSocket: (s: Socket) => void): Promise<{ port: number; server: Server }> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    onSocket(s);
  });
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { port: (server.address() as AddressInfo).port, server };
}
/** Stops listening and drops the connections still open. */
const closeServer = (s: Server) =>
  new Promise((ok) => {
    s.close(ok);
    s.emit('close');
  });

describe('outbound connections to the module itself', () => {
  let m: TestModule;
  let admin: string;
  let httpPort: number;
  let connections = 0;
  const peers: Server[] = [];

  const channel = async (address: string) => {
    const cfg = (await m.call('GET', '/api/settings/communication/dataPostConfig', { token: admin })).body.data;
    Object.assign(cfg.dataPost1, { enable: true, postMethod: 'HTTP' });
    Object.assign(cfg.dataPost1.postChannelInfo, { HTTPAddress: address, HTTPPort: 0, HTTPMeterId: 'm1' });
    const r = await m.call('PUT', '/api/settings/communication/dataPostConfig', { token: admin, body: cfg });
    assert.equal(r.status, 200, r.raw);
    return (await m.call('PATCH', '/api/command/testPoster', { token: admin, body: { channel: 1 } })).body.data.value as string;
  };

  before(async () => {
    // The module's own HTTP listener, as the launcher binds it; every connection it gets is counted.
    ({ m, admin } = await startModuleWithUsers({ listen: true }));
    httpPort = (m.app.server.address() as AddressInfo).port;
    m.app.server.on('connection', () => connections++);
  });
  after(async () => {
    for (const p of peers) await closeServer(p);
    await m.close();
  });

  test("a post channel aimed at the module's own ports could not connect, and the listener sees nothing", async () => {
    const modbusPort = m.services.modbus.port()!;
    assert.ok(modbusPort > 0);
    const before = connections;
    for (const [host, port] of [
      ['127.0.0.1', httpPort],
      ['localhost', httpPort],
      ['0.0.0.0', httpPort],
      ['127.0.0.1', modbusPort],
    ] as const) {
      assert.equal(await channel(`http://${host}:${port}/upload`), `Could not connect to ${host}:${port}`);
    }
    assert.equal(connections, before, 'no connection reached the module');
  });

  test('refused, reset and another protocol answer the same words', async () => {
    const closed = await tcpPeer(() => undefined);
    await closeServer(closed.server);
    const reset = await tcpPeer((s) => s.resetAndDestroy());
    const ssh = await tcpPeer((s) => s.end('SSH-2.0-OpenSSH_9.2\r\n'));
    peers.push(reset.server, ssh.server);
    for (const port of [closed.port, reset.port, ssh.port]) {
      assert.equal(await channel(`http://127.0.0.1:${port}/upload`), `Could not connect to 127.0.0.1:${port}`);
    }
  });

  test('SMTP, the firmware server and remote access are held off the same way', async () => {
    const before = connections;
    const smtp = (await m.call('GET', '/api/settings/communication/smtpConfig', { token: admin })).body.data;
    const saved = await m.call('PUT', '/api/settings/communication/smtpConfig', {
      token: admin,
      body: {
        ...smtp,
        enable: 1,
        smtpServer: '127.0.0.1',
        smtpPort: httpPort,
        smtpFrom: 'meter@example.com',
        smtpSubject: 'Report',
        smtpToAddress1: 'ops@example.com',
        sendStartTime: '2026-01-01 00:00',
      },
    });
    assert.equal(saved.status, 200, saved.raw);
    const mail = await m.call('PATCH', '/api/command/testEmail', { token: admin, body: { channel: 1 } });
    assert.equal(mail.body.data.value, `Could not connect to 127.0.0.1:${httpPort}`);

    assert.equal((await m.call('PUT', '/api/settings/firmware', { token: admin, body: { moduleCheckUpdateUrl: `http://127.0.0.1:${httpPort}/manifest.json` } })).status, 200);
    const fw = await m.call('GET', '/api/upload/remote/checkModuleUpdate', { token: admin });
    assert.equal(fw.body.data.value, 'Firmware server check failed: could not connect');

    const ra = (await m.call('GET', '/api/settings/communication/remoteDeviceAccess', { token: admin })).body.data;
    assert.equal(
      (await m.call('PUT', '/api/settings/communication/remoteDeviceAccess', { token: admin, body: { ...ra, enable: true, remoteServerUrl: `http://127.0.0.1:${httpPort}` } })).status,
      200,
    );
    const reg = await m.call('PATCH', '/api/command/registerRemoteDevice', { token: admin, body: { value: 1 } });
    assert.equal(reg.body.data.value, `Could not connect to 127.0.0.1:${httpPort}`);

    const mqtt = (await m.call('GET', '/api/settings/communication/mqttConfig', { token: admin })).body.data;
    mqtt.mqttGenaral = { ...mqtt.mqttGenaral, mqttEnable: 1, brokerIpAddr: '127.0.0.1', brokerPort: httpPort };
    assert.equal((await m.call('PUT', '/api/settings/communication/mqttConfig', { token: admin, body: mqtt })).status, 200);
    // Reloads queue up: this one settles after the save's own, which asked the guard.
    await m.services.mqtt.filesChanged();
    assert.equal((await m.call('GET', '/api/command/checkMqttStatus', { token: admin })).body.data.value, 'Disconnected');
    const mqttLog = readFileSync(join(m.dataDir, 'syslog', syslogFileName('MQTT')), 'utf8');
    assert.ok(mqttLog.includes(`connection to mqtt://127.0.0.1:${httpPort} failed: could not connect`), mqttLog);
    assert.ok(!mqttLog.includes(`connecting to mqtt://127.0.0.1:${httpPort}`), 'the client was never started');
    assert.equal(connections, before, 'no connection reached the module');
  });
});
