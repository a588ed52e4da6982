/** The parts every meter settings screen is drawn with: its form with Save, its cards, field subsets. */
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SaveButton } from '../../components/form/save-button.tsx';
import type { SettingsFormState } from '../../components/form/use-settings-form.ts';

/** The section's form: submitting saves it (001 §4 save flow in the form layer); Save below the cards. */
export function SectionForm({ state, label, children }: { state: SettingsFormState; label: string; children: ReactNode }) {
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
      <div className="mb-4">
        <SaveButton readOnly={state.readOnly} saving={state.saving} />
      </div>
    </Form>
  );
}

export function SettingsCard({ title, bodyClassName, children }: { title: string; bodyClassName?: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h3" className="h6">
        {title}
      </Card.Header>
      <Card.Body className={bodyClassName}>{children}</Card.Body>
    </Card>
  );
}

/** The form's state narrowed to some of its fields, for drawing them in one card. */
export const fieldsOf = (state: SettingsFormState, names: readonly string[]): SettingsFormState => ({
  ...state,
  fields: state.fields.filter((f) => names.includes(f.name)),
});
