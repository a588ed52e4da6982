/**
 * A real MQTT broker for the tests: Debian's mosquitto on loopback ports with a temporary
 * config, a password file and (optionally) a TLS listener that wants a client certificate,
 * its certificates from test-peers/tls-files.ts; and mosquitto_sub as the subscriber.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTlsFiles, type TlsFiles } from '../../../../test-peers/tls-files.ts';
import { freePort } from '../../../../test-peers/free-ports.ts';
import { until } from '../../../../test-peers/until.ts';

/** `mqttv5`: the subscriber speaks MQTT 5 and reports each message's content type. */
export interface SubscribeOptions {
  version?: 'mqttv311' | 'mqttv5';
}

export interface Received {
  topic: string;
  payload: string;
  /** MQTT 5 only: the publication's content type property ('' when absent). */
  contentType?: string;
}

export interface Broker {
  port: number;
  tlsPort?: number;
  tls?: TlsFiles;
  user: string;
  password: string;
  /** Subscribes with mosquitto_sub and resolves with the first `count` messages (topic, payload). */
  receive(topic: string, count: number, timeoutSeconds?: number, opts?: SubscribeOptions): Promise<Received[]>;
  /** A subscriber already connected, for a message that a later act will cause. */
  subscribe(topic: string, count: number, timeoutSeconds?: number, opts?: SubscribeOptions): Promise<{ done: Promise<Received[]> }>;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

const waitForPort = (port: number, ms = 5000) => until(`mosquitto to listen on ${port}`, () => listening(port), ms, 50);

/** `port`: listen on this one (a broker that comes back where it was) instead of a free one. */
export async function startBroker(opts: { tls?: boolean; port?: number } = {}): Promise<Broker> {
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  const user = 'meter';
  const password = 'broker-secret-1';
  execFileSync('mosquitto_passwd', ['-c', '-b', join(dir, 'passwd'), user, password], { stdio: 'ignore' });
  const port = opts.port ?? (await freePort());
  const lines = ['per_listener_settings true', `listener ${port} 127.0.0.1`, 'allow_anonymous false', `password_file ${join(dir, 'passwd')}`];
  let tls: TlsFiles | undefined;
  let tlsPort: number | undefined;
  if (opts.tls) {
    tls = makeTlsFiles(dir);
    tlsPort = await freePort();
    lines.push(
      `listener ${tlsPort} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${join(dir, 'passwd')}`,
      `cafile ${tls.ca}`,
      `certfile ${tls.serverCert}`,
      `keyfile ${tls.serverKey}`,
      'require_certificate true',
    );
  }
  writeFileSync(join(dir, 'mosquitto.conf'), lines.join('\n') + '\n');
  // Started as root, mosquitto drops to its own user: it must be able to read the temporary files.
  chmodSync(dir, 0o755);
  for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
  const proc: ChildProcess = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForPort(port).catch((e: Error) => {
    proc.kill();
    throw new Error(`${e.message}\n${log}`);
  });
  if (tlsPort) await waitForPort(tlsPort);

  const subscribe: Broker['subscribe'] = async (topic, count, timeoutSeconds = 10, opts = {}) => {
    const v5 = opts.version === 'mqttv5';
    // MQTT 5: topic, content type and payload separated by tabs; otherwise topic and payload by a space.
    const format = v5 ? ['-V', 'mqttv5', '-F', '%t\t%C\t%p'] : ['-v'];
    const args = ['-h', '127.0.0.1', '-p', String(port), '-u', user, '-P', password, '-t', topic, ...format, '-C', String(count), '-W', String(timeoutSeconds), '-d'];
    // Line-buffered: the SUBACK line must arrive while the subscriber runs, not when it exits.
    const sub = spawn('stdbuf', ['-oL', 'mosquitto_sub', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let debug = '';
    sub.stdout.on('data', (d: Buffer) => (out += d.toString()));
    // -d prints the SUBACK: from then on no publication can be missed.
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        debug += d.toString();
        if (debug.includes('SUBACK')) resolve();
      };
      sub.stdout.on('data', onData);
      sub.on('exit', () => reject(new Error(`mosquitto_sub ended before subscribing: ${debug}`)));
    });
    const done = new Promise<Received[]>((resolve, reject) => {
      sub.on('exit', (code) => {
        const lines = out.split('\n').filter((l) => l.startsWith(topic.replace(/[#+].*$/, '')) && !l.startsWith('Client '));
        const messages = lines.map((l): Received => {
          if (!v5) return { topic: l.slice(0, l.indexOf(' ')), payload: l.slice(l.indexOf(' ') + 1) };
          const [t = '', contentType = '', ...rest] = l.split('\t');
          return { topic: t, contentType, payload: rest.join('\t') };
        });
        if (messages.length >= count) resolve(messages);
        else reject(new Error(`mosquitto_sub exited ${code} with ${messages.length} of ${count} messages\n${out}`));
      });
    });
    return { done };
  };

  return {
    port,
    tlsPort,
    tls,
    user,
    password,
    subscribe,
    receive: async (topic, count, timeoutSeconds, opts) => (await subscribe(topic, count, timeoutSeconds, opts)).done,
    async stop() {
      await new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.on('exit', () => resolve());
        proc.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const readText = (path: string) => readFileSync(path, 'utf8');
