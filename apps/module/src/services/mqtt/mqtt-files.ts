/**
 * The SSL/TLS tab's files (002 §5.8, §7.3): the CA, the client certificate and its key, kept
 * under <data>/mqtt. A file is checked before it replaces the stored one: the extension the
 * spec allows and PEM content Node's TLS can load, so a bad upload never breaks a connection
 * that works. The key is a secret: it is never returned or logged.
 */
import { MQTT_FILES, mqttTexts as t, type MqttFileKind, type MqttFileStat } from '@meter/contract';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { atomicWriteFile } from '../../atomic-file.ts';
import { extname, join } from 'node:path';
import { badRequest } from '../../errors.ts';

export const MAX_MQTT_FILE_BYTES = 64 * 1024;

const FILE_NAMES: Record<MqttFileKind, string> = { mqttCA: 'ca.crt', mqttCert: 'client.crt', mqttKey: 'client.key' };

export class MqttFiles {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'mqtt');
  }

  private path(kind: MqttFileKind): string {
    return join(this.dir, FILE_NAMES[kind]);
  }

  has(kind: MqttFileKind): boolean {
    return existsSync(this.path(kind));
  }

  read(kind: MqttFileKind): Buffer | undefined {
    return this.has(kind) ? readFileSync(this.path(kind)) : undefined;
  }

  stat(): MqttFileStat {
    return { isMqttCAExist: this.has('mqttCA'), isMqttClientExist: this.has('mqttCert'), isMqttKeyExist: this.has('mqttKey') };
  }

  /** Checks and stores an upload; throws a 400 with the reason. */
  save(kind: MqttFileKind, fileName: string, content: Buffer): void {
    const { extensions } = MQTT_FILES[kind];
    if (!(extensions as readonly string[]).includes(extname(fileName).toLowerCase())) throw badRequest(t.wrongExtension(extensions.join(' or ')));
    if (content.length > MAX_MQTT_FILE_BYTES) throw badRequest(t.fileTooLarge);
    const what = kind === 'mqttKey' ? 'private key' : 'certificate';
    // TLS takes PEM only; X509Certificate alone would also accept DER.
    if (!content.toString('latin1').includes('-----BEGIN ')) throw badRequest(t.notPem(what));
    try {
      if (kind === 'mqttKey') createPrivateKey({ key: content, format: 'pem' });
      else new X509Certificate(content);
    } catch {
      throw badRequest(t.notPem(what));
    }
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // Written beside and renamed: a reader never sees half a file.
    atomicWriteFile(this.path(kind), content);
  }
}
