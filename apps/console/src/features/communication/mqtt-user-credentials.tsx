/**
 * Settings › Communication › MQTT › User Credentials (002 §3.9, §6): user name (read-only for
 * non-admins, as the whole tab) and the password, shown to admin only and never read back:
 * left empty it keeps the stored one.
 */
import { mqttTexts as t } from '@meter/contract';
import { MqttTab, f, type MqttTabDef } from './mqtt-shared.tsx';

const tab = (admin: boolean): MqttTabDef => ({
  title: 'User Credentials',
  savedMessage: t.userCredentialsSaved,
  blocks: [{ kind: 'card', title: 'User Credentials', fields: [f('userCredential', 'userName'), f('userCredential', 'userPwd')] }],
  fields: { [f('userCredential', 'userPwd')]: { visibleWhen: () => admin } },
});

export default function MqttUserCredentials() {
  return <MqttTab tab={tab} />;
}
