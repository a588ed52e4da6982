/** A settings screen from its declaration: load the section and its context, then the heading and the form. */
import type { ReactNode } from 'react';
import { Loading } from '../loading.tsx';
import { ScreenTitle } from '../screen-title.tsx';
import type { SectionScreenDef } from './section-def.ts';
import { SectionForm } from './section-form.tsx';
import { useSection } from './use-section.ts';

export function SectionScreen<C>({ def, children }: { def: SectionScreenDef<C>; children?: ReactNode }) {
  const section = useSection(def.endpoint, def.section, def.invalidates);
  if (section.pending) return <Loading />;
  // A failed load has been reported by the request helper; a form of blanks would invite a bad save.
  if (!section.ready || !section.values || !section.schema) return null;
  return (
    <section>
      <ScreenTitle className="h5">{def.title}</ScreenTitle>
      <SectionForm key={section.generation} def={def} section={{ ...section, values: section.values, schema: section.schema }} />
      {children}
    </section>
  );
}
