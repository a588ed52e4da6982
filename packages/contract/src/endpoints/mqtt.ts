/** MQTT (002 §7.3): the config section, file status, connection status, test and the three uploads. */
import { successReply, valueOneBody } from '../schemas/common.ts';
import * as mqtt from '../schemas/mqtt.ts';
import { mqttSection } from '../sections/mqtt.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const mqttEndpoints = {
  mqttConfig: sectionRead('/settings/communication/mqttConfig', mqttSection, read('configuration')),
  saveMqttConfig: sectionWrite('/settings/communication/mqttConfig', mqttSection, write('configuration')),
  mqttFileStat: ep({ method: 'GET', path: '/command/getMqttFileStat', reply: mqtt.mqttFileStat, auth: read('configuration') }),
  mqttStatus: ep({ method: 'GET', path: '/command/checkMqttStatus', reply: mqtt.mqttStatusReply, auth: read('configuration') }),
  /** 002 §6: the Test button and the uploads are the admin access level's. */
  testMqtt: ep({ method: 'PATCH', path: '/command/testMqtt', body: valueOneBody, reply: successReply, auth: write('configuration'), adminOnly: true }),
  uploadMqttCA: ep({ method: 'POST', path: '/upload/local/mqttCA', reply: successReply, auth: write('configuration'), adminOnly: true }),
  uploadMqttCert: ep({ method: 'POST', path: '/upload/local/mqttCert', reply: successReply, auth: write('configuration'), adminOnly: true }),
  uploadMqttKey: ep({ method: 'POST', path: '/upload/local/mqttKey', reply: successReply, auth: write('configuration'), adminOnly: true }),
} as const;
