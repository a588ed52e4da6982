/** The <form> of a settings form: submitting (Save, Enter) runs the form layer's save instead of a page load. */
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { SettingsFormState } from './use-settings-form.ts';

export function SaveForm({ state, label, children }: { state: Pick<SettingsFormState, 'save'>; label?: string; children: ReactNode }) {
  return (
    <Form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void state.save();
      }}
    >
      {children}
    </Form>
  );
}
