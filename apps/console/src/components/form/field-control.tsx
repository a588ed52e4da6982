/** The input of one field, its error under it (Bootstrap invalid-feedback) and its hint line. */
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { PasswordReveal } from '../password-reveal.tsx';
import { CheckboxGroupControl } from './checkbox-group-control.tsx';
import { FieldChecklist, checklistIdOf } from './field-checklist.tsx';
import type { FieldDef } from './field-layout.ts';
import type { SettingsFormState } from './use-settings-form.ts';

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;
export const labelIdOf = (id: string) => `${id}-label`;

interface Props {
  state: SettingsFormState;
  def: FieldDef;
  id: string;
  /** A checkbox carries its own label (stacked forms); in a table the label sits in the first column. */
  checkLabel?: boolean;
  /**
   * A number in a table column whose heading names the unit: a narrow right-aligned box without a
   * suffix, and its range hint for screen readers only (shown, it would repeat on every row).
   */
  column?: boolean;
}

export function FieldControl({ state, def, id, checkLabel, column }: Props) {
  const { form, readOnly } = state;
  const error = form.formState.errors[def.name]?.message;
  const invalid = typeof error === 'string';
  const feedbackId = `${id}-feedback`;
  const helpId = `${id}-help`;
  const describedBy = [invalid ? feedbackId : '', def.help ? helpId : '', def.checklist ? checklistIdOf(id) : ''].filter(Boolean).join(' ') || undefined;
  const common = { disabled: readOnly || def.disabled === true, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
  // A group registers itself through its controller: registering here too would bind a stray ref.
  const reg = def.kind === 'checkboxGroup' ? undefined : form.register(def.name);

  let input;
  switch (def.kind) {
    case 'checkboxGroup':
      input = <CheckboxGroupControl state={state} def={def} id={id} labelId={labelIdOf(id)} invalid={invalid} describedBy={describedBy} />;
      break;
    case 'checkbox':
      input = <Form.Check type="checkbox" id={id} label={checkLabel ? def.label : undefined} isInvalid={invalid} {...common} {...reg} />;
      break;
    case 'radio':
      input = (
        <div role="radiogroup" aria-labelledby={labelIdOf(id)} aria-describedby={describedBy}>
          {def.options?.map((o) => (
            <Form.Check
              key={String(o.value)}
              inline
              type="radio"
              id={`${id}-${String(o.value)}`}
              label={o.label}
              value={String(o.value)}
              isInvalid={invalid}
              disabled={readOnly || def.disabled === true || o.disabled}
              {...reg}
            />
          ))}
        </div>
      );
      break;
    case 'select':
      input = (
        <Form.Select id={id} isInvalid={invalid} {...common} {...reg}>
          {def.placeholder !== undefined && (
            <option value="" disabled>
              {def.placeholder}
            </option>
          )}
          {def.options?.map((o) => (
            <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      );
      break;
    default: {
      const inColumn = column === true && def.kind === 'number';
      const control = (type: string) => (
        <Form.Control
          id={id}
          list={def.suggestions ? `${id}-suggestions` : undefined}
          type={type}
          inputMode={def.kind === 'number' ? 'decimal' : undefined}
          placeholder={def.placeholder}
          autoComplete={def.autoComplete ?? (def.kind === 'password' ? 'new-password' : undefined)}
          readOnly={def.readOnly}
          className={inColumn ? 'text-end tabular-nums' : undefined}
          isInvalid={invalid}
          {...common}
          {...reg}
        />
      );
      // Numbers are short: a narrow box, its unit as a suffix rather than only in the hint line.
      const narrow = def.kind === 'number' ? 'input-narrow' : undefined;
      input =
        def.kind === 'password' ? (
          <PasswordReveal inputId={id} disabled={common.disabled} input={control} />
        ) : inColumn ? (
          <div className="input-column">{control(def.kind)}</div>
        ) : def.unit ? (
          <InputGroup className={narrow}>
            {control(def.kind)}
            <InputGroup.Text>{def.unit}</InputGroup.Text>
          </InputGroup>
        ) : narrow ? (
          <div className={narrow}>{control(def.kind)}</div>
        ) : (
          control(def.kind)
        );
    }
  }

  return (
    <>
      {input}
      {def.suggestions && (
        <datalist id={`${id}-suggestions`}>
          {def.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      {/* d-block: the feedback is shown by the message itself, not by sibling CSS that radios and checks lack. */}
      {invalid && (
        <div id={feedbackId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {def.help && (
        <Form.Text id={helpId} muted className={column && def.kind === 'number' ? 'visually-hidden' : undefined}>
          {def.help}
        </Form.Text>
      )}
      {def.checklist && <FieldChecklist state={state} def={def} id={id} />}
    </>
  );
}
