/**
 * Settings › Communication › MQTT › General (002 §2.8, §3.9, §5.8, §9.2): enable, broker address
 * behind its prefix (by SSL), port, protocol version (3.1.1 or 5), client id with Generate (23 alphanumerics), keep alive,
 * clean session, facility id; the connection status with Refresh and (admin) Test above.
 */
import Button from 'react-bootstrap/Button';
import { generateMqttClientId, mqttBrokerPrefix, mqttTexts as t } from '@meter/contract';
import { useIsAdmin } from '../../lib/permissions.ts';
import { MqttStatus } from './mqtt-status.tsx';
import { MqttTab, f, valueOf, type MqttTabDef } from './mqtt-shared.tsx';

const off = (v: Parameters<typeof valueOf>[0]) => valueOf(v, 'mqttGenaral', 'mqttEnable') !== 1;
const FIELDS = ['brokerIpAddr', 'brokerPort', 'protocolVersion', 'ClientId', 'keepAlive', 'cleanSession', 'facilityId'];

const tab = (): MqttTabDef => ({
  title: 'General',
  savedMessage: t.generalSaved,
  blocks: [{ kind: 'card', title: 'General', fields: ['mqttEnable', ...FIELDS].map((k) => f('mqttGenaral', k)) }],
  fields: Object.fromEntries(FIELDS.map((k) => [f('mqttGenaral', k), { disabledWhen: off }])),
  extras: ({ values, readOnly, setInput }) => {
    const ssl = valueOf(values, 'mqttSSLConfig', 'enableSSL') === 1;
    const host = String(valueOf(values, 'mqttGenaral', 'brokerIpAddr') ?? '');
    const port = String(valueOf(values, 'mqttGenaral', 'brokerPort') ?? '');
    return (
      <div className="mb-3 d-flex flex-wrap align-items-center gap-2">
        <span>
          {t.brokerUrl}: <code data-testid="mqtt-broker-url">{`${mqttBrokerPrefix(ssl)}${host.includes(':') ? `[${host}]` : host}:${port}`}</code>
        </span>
        {!readOnly && (
          <Button size="sm" variant="outline-secondary" disabled={off(values)} onClick={() => setInput(f('mqttGenaral', 'ClientId'), generateMqttClientId())}>
            {t.generate} {'Client ID'}
          </Button>
        )}
      </div>
    );
  },
});

export default function MqttGeneral() {
  const admin = useIsAdmin();
  return (
    <MqttTab tab={tab}>
      <MqttStatus admin={admin} />
    </MqttTab>
  );
}
