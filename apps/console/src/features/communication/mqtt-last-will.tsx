/** Settings › Communication › MQTT › Last Will and Testament (002 §3.9, §5.8): enable, topic, QoS, retained. */
import { mqttTexts as t } from '@meter/contract';
import { MqttTab, f, valueOf, type MqttTabDef } from './mqtt-shared.tsx';

const FIELDS = ['topic', 'qos', 'isRetained'];

const tab = (): MqttTabDef => ({
  title: 'Last Will and Testament',
  savedMessage: t.lastWillSaved,
  blocks: [{ kind: 'card', title: 'Last Will and Testament', fields: ['lastWillEnable', ...FIELDS].map((k) => f('lastWill', k)) }],
  fields: Object.fromEntries(FIELDS.map((k) => [f('lastWill', k), { disabledWhen: (v) => valueOf(v, 'lastWill', 'lastWillEnable') !== 1 }])),
});

export default function MqttLastWill() {
  return <MqttTab tab={tab} />;
}
