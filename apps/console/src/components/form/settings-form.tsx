/**
 * A settings form as one component: give it the contract schema, the loaded values and the field
 * layout; it draws the fields and the save bar (Save, Discard, changed count; hidden without
 * write permission). Extra buttons (Cancel) go in `actions`. Screens that draw their own fields use `useSettingsForm` and `FormFields`.
 */
import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { shellTexts } from '@meter/contract';
import { SaveForm } from './save-form.tsx';
import { FormFields, type FieldsLayout } from './form-fields.tsx';
import { SaveBar } from './save-bar.tsx';
import { useSettingsForm, type ObjectSchema, type SettingsFormOptions } from './use-settings-form.ts';

export interface SettingsFormProps<S extends ObjectSchema> extends SettingsFormOptions<S> {
  layout?: FieldsLayout;
  /** The form's accessible name (and the table's caption). */
  title?: string;
  actions?: ReactNode;
  /** Draws Cancel beside Save (back to the list the form was opened from). */
  onCancel?: () => void;
}

export { SAVE_LABEL } from './save-button.tsx';

export function SettingsForm<S extends ObjectSchema>({ layout, title, actions, onCancel, ...options }: SettingsFormProps<S>) {
  const state = useSettingsForm(options);
  const formId = useId();
  return (
    <SaveForm state={state} label={title}>
      <FormFields state={state} formId={formId} layout={layout} caption={title} />
      <SaveBar state={state}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {shellTexts.cancel}
          </Button>
        )}
        {actions}
      </SaveBar>
    </SaveForm>
  );
}
