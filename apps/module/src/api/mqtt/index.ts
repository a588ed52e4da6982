/** MQTT commands and uploads (002 §7.3); the config section itself is served by api/sections. */
import multipart from '@fastify/multipart';
import { endpoints, mqttTexts as t, serverMessages, type MqttFileKind } from '@meter/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.ts';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import { MAX_MQTT_FILE_BYTES } from '../../services/mqtt/mqtt-files.ts';
import type { MqttService } from '../../services/mqtt/index.ts';
import { handle } from '../registry.ts';

export interface MqttApiOptions {
  mqtt: MqttService;
  events: ModuleEventLog;
}

async function uploadedFile(request: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_MQTT_FILE_BYTES + 1, files: 1 } });
  } catch {
    throw badRequest(serverMessages.invalidBody);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(serverMessages.invalidBody);
  const content = await part.toBuffer().catch(() => {
    throw badRequest(t.fileTooLarge);
  });
  if (part.file.truncated) throw badRequest(t.fileTooLarge);
  return { name: part.filename, content };
}

export const mqttApi: FastifyPluginAsync<MqttApiOptions> = async (app, { mqtt, events }) => {
  await app.register(multipart, { limits: { fileSize: MAX_MQTT_FILE_BYTES + 1, files: 1, fields: 0 } });

  handle(app, endpoints.mqttFileStat, () => mqtt.files.stat());
  handle(app, endpoints.mqttStatus, () => ({ value: mqtt.publisher.connected() ? t.connected : t.disconnected }));
  handle(app, endpoints.testMqtt, async ({ reply }) => {
    const outcome = await mqtt.publisher.test();
    // A failed test is the broker's or the network's, not the caller's: 502 with the reason.
    if (!outcome.ok) reply.status(502);
    return { value: outcome.message };
  });

  const uploads: [typeof endpoints.uploadMqttCA, MqttFileKind, string][] = [
    [endpoints.uploadMqttCA, 'mqttCA', t.caUploaded],
    [endpoints.uploadMqttCert, 'mqttCert', t.certUploaded],
    [endpoints.uploadMqttKey, 'mqttKey', t.keyUploaded],
  ];
  for (const [endpoint, kind, done] of uploads) {
    handle(app, endpoint, async ({ principal, request }) => {
      const file = await uploadedFile(request);
      mqtt.files.save(kind, file.name, file.content);
      events.write('Info', `${done} by ${principal.userName}`, principal.userName);
      await mqtt.filesChanged();
      return { value: done };
    });
  }
};
