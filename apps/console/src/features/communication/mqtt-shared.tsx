/**
 * What the five MQTT tabs share (002 §2.8, §6): one section screen over the MQTT config, each
 * placing only its part's fields and saying its own success text; read-only unless the access
 * level is admin.
 */
import { fieldName, mqttSection } from '@meter/contract';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import type { Block, FieldRule, SectionFormControls, SectionScreenDef, SectionValues } from '../../components/section/section-def.ts';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { useMemo, type ReactNode } from 'react';
import { useIsAdmin } from '../../lib/permissions.ts';

export type MqttPart = 'mqttGenaral' | 'userCredential' | 'mqttSSLConfig' | 'lastWill' | 'topic' | 'homeAssistant';

/** The flat form name of a field of a part: `mqttGenaral__brokerIpAddr`. */
export const f = (part: MqttPart, key: string) => fieldName(part, key);

/** A value of the config being edited. */
export const valueOf = (v: SectionValues, part: MqttPart, key: string): unknown => (v[part] as Record<string, unknown> | undefined)?.[key];

export interface MqttTabDef {
  title: string;
  savedMessage: string;
  blocks: readonly Block<unknown>[];
  fields?: Readonly<Record<string, FieldRule<unknown>>>;
  extras?: (form: SectionFormControls) => ReactNode;
}

export function mqttScreen(tab: MqttTabDef): SectionScreenDef<unknown> {
  return defineSectionScreen({
    endpoint: 'mqttConfig',
    section: mqttSection,
    title: tab.title,
    formLabel: `MQTT ${tab.title}`,
    blocks: tab.blocks,
    fields: tab.fields,
    savedMessage: tab.savedMessage,
    extras: tab.extras,
  });
}

/** One MQTT tab: the screen drawn for the caller's access level, with what goes above the form. */
export function MqttTab({ tab, children }: { tab: (admin: boolean) => MqttTabDef; children?: ReactNode }) {
  const admin = useIsAdmin();
  // One declaration per access level: a new one each render would rebuild the form's fields.
  const def = useMemo(() => mqttScreen(tab(admin)), [tab, admin]);
  return (
    <>
      {children}
      <SectionScreen def={def} />
    </>
  );
}
