/** A meter settings screen: load the section and the device context, then its heading and form. */
import type { ComponentType, ReactNode } from 'react';
import type { MeterContext, MeterSettingsSection } from '@meter/contract';
import { Loading } from '../../components/loading.tsx';
import { useMeterSection, type SectionEndpoint } from './use-meter-section.ts';

export interface SectionFormProps {
  ctx: MeterContext;
  data: Record<string, unknown>;
  sealed: ReadonlySet<string>;
  save: (body: unknown) => Promise<void>;
}

export function MeterSectionScreen(props: { name: SectionEndpoint; section: MeterSettingsSection; title: string; form: ComponentType<SectionFormProps>; children?: ReactNode }) {
  const s = useMeterSection(props.name, props.section);
  if (s.pending) return <Loading />;
  // A failed load has been reported by the request helper; a form of blanks would invite a bad save.
  if (!s.ctx || !s.data) return null;
  const SectionForm = props.form;
  return (
    <section>
      <h2 className="h5">{props.title}</h2>
      <SectionForm ctx={s.ctx} data={s.data as Record<string, unknown>} sealed={s.sealed} save={s.save} />
      {props.children}
    </section>
  );
}
