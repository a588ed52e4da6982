/** One field as a table cell: the input with its label for assistive technology only, and its changed mark. */
import Form from 'react-bootstrap/Form';
import { FieldControl, fieldId } from '../form/field-control.tsx';
import { ChangedMark } from '../form/field-label.tsx';
import type { FieldDef } from '../form/field-layout.ts';
import type { SettingsFormState } from '../form/use-settings-form.ts';

/** `numeric`: a number column whose heading names the unit (right-aligned, see FieldControl's `column`). */
export function FieldCell({ state, formId, def, numeric }: { state: SettingsFormState; formId: string; def: FieldDef; numeric?: boolean }) {
  const id = fieldId(formId, def.name);
  return (
    <td>
      <Form.Label htmlFor={id} visuallyHidden>
        {def.label}
      </Form.Label>
      <FieldControl state={state} def={def} id={id} column={numeric} />
      {state.changed.has(def.name) && <ChangedMark />}
    </td>
  );
}
