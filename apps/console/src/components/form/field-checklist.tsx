/**
 * A field's checklist (FieldDef.checklist): each rule with a tick once the typed value meets it.
 * Not a live region: announcing every keystroke's changes would drown the typing; the input names
 * the list in aria-describedby, so it is read when the field is reached, and the spec's message
 * still comes on save.
 */
import { useWatch } from 'react-hook-form';
import { passwordHelpTexts } from '@meter/contract';
import type { FieldDef } from './field-layout.ts';
import type { SettingsFormState } from './use-settings-form.ts';

export const checklistIdOf = (id: string) => `${id}-checklist`;

export function FieldChecklist({ state, def, id }: { state: SettingsFormState; def: FieldDef; id: string }) {
  const values = useWatch({ control: state.form.control });
  // Drawn even when empty (the rules are waived): the input's aria-describedby names it.
  const lines = def.checklist?.(values) ?? [];
  return (
    <ul id={checklistIdOf(id)} className="list-unstyled small mt-1 mb-0" aria-label={def.checklistLabel}>
      {lines.map((l) => (
        <li key={l.text} className={l.met ? 'text-success-emphasis' : 'text-body-secondary'} data-met={l.met}>
          <span aria-hidden="true" className="d-inline-block text-center me-1" style={{ width: '1.1em' }}>
            {l.met ? '✓' : '○'}
          </span>
          {l.text}
          <span className="visually-hidden">: {l.met ? passwordHelpTexts.ruleMet : passwordHelpTexts.ruleNotMet}</span>
        </li>
      ))}
    </ul>
  );
}
