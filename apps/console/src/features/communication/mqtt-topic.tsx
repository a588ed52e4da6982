/**
 * Settings › Communication › MQTT › Topic and Parameter Selection (002 §3.9, §5.8, §9.2, §9.3): topic, QoS, retained, interval and the five parameter masks;
 * and Home Assistant discovery (issue 27, beyond the spec): its sensors are the selected parameters.
 */
import { mqttTexts as t } from '@meter/contract';
import { MqttTab, f, valueOf, type MqttTabDef } from './mqtt-shared.tsx';

const tab = (): MqttTabDef => ({
  title: 'Topic and Parameter Selection',
  savedMessage: t.topicSaved,
  blocks: [
    { kind: 'card', title: 'Topic', fields: ['topic', 'qos', 'isRetained', 'interval'].map((k) => f('topic', k)) },
    { kind: 'card', title: 'Parameter Selection', fields: ['realTimeMask', 'energyMask', 'demandMask', 'powerQualityMask', 'ioMask'].map((k) => f('topic', k)) },
    { kind: 'card', title: 'Home Assistant', fields: ['enable', 'prefix'].map((k) => f('homeAssistant', k)) },
  ],
  fields: { [f('homeAssistant', 'prefix')]: { disabledWhen: (v) => valueOf(v, 'homeAssistant', 'enable') !== 1 } },
});

export default function MqttTopic() {
  return <MqttTab tab={tab} />;
}
