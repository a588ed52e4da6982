/** The record edit screens' parts beside their tables: a titled card of fields, one field, Back and Save. */
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { recordTexts as t } from '@meter/contract';
import { FieldControl, fieldId } from '../../components/form/field-control.tsx';
import { FieldLabel } from '../../components/form/field-label.tsx';
import { fieldLookup, type FieldDef } from '../../components/form/field-layout.ts';
import { SaveButton } from '../../components/form/save-button.tsx';
import type { SettingsFormState } from '../../components/form/use-settings-form.ts';

export function EditCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body className="row">{children}</Card.Body>
    </Card>
  );
}

/** One field in a card's grid; a checkbox carries its own label. `extra` overrides the field's def. */
export function EditField({ state, formId, name, className, extra }: { state: SettingsFormState; formId: string; name: string; className?: string; extra?: Partial<FieldDef> }) {
  const def = { ...fieldLookup(state.fields)(name), ...extra };
  const id = fieldId(formId, name);
  return (
    <Form.Group className={className ?? 'mb-3 col-md-6'}>
      {def.kind === 'checkbox' ? (
        <FieldControl state={state} def={def} id={id} checkLabel />
      ) : (
        <>
          <FieldLabel def={def} id={id} changed={state.changed.has(name)} className="mb-1" />
          <FieldControl state={state} def={def} id={id} />
        </>
      )}
    </Form.Group>
  );
}

/** Back to the record view, and Save. */
export function EditActions({ state, onBack }: { state: SettingsFormState; onBack: () => void }) {
  return (
    <div className="d-flex gap-2 mb-4">
      <Button variant="secondary" onClick={onBack}>
        {t.back}
      </Button>
      <SaveButton readOnly={state.readOnly} saving={state.saving} />
    </div>
  );
}
