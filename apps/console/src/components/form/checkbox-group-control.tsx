/**
 * A checkbox group: one checkbox per option, the field's value being the checked options (a
 * parameter mask, or a list such as a data log's post channels). Controlled through
 * react-hook-form's controller, so an edit is a 'change' like any input's and screens' onChange
 * rules see it.
 */
import { useController } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import type { FieldDef, FormValues } from './field-layout.ts';
import type { SettingsFormState } from './use-settings-form.ts';

interface Props {
  state: SettingsFormState;
  def: FieldDef;
  id: string;
  labelId: string;
  invalid: boolean;
  describedBy: string | undefined;
}

export function CheckboxGroupControl({ state, def, id, labelId, invalid, describedBy }: Props) {
  const { field } = useController<FormValues, string, Record<string, unknown>>({ control: state.form.control, name: def.name });
  const checked: string[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...checked.filter((v) => v !== value), value] : checked.filter((v) => v !== value);
    field.onChange(next);
  };
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      {def.options?.map((o) => {
        const value = String(o.value);
        return (
          <Form.Check
            key={value}
            inline
            type="checkbox"
            id={`${id}-${value}`}
            label={o.label}
            name={def.name}
            value={value}
            checked={checked.includes(value)}
            isInvalid={invalid}
            disabled={state.readOnly || def.disabled === true || o.disabled}
            onChange={(e) => toggle(value, e.currentTarget.checked)}
            onBlur={field.onBlur}
          />
        );
      })}
    </div>
  );
}
