/** A field's label (a real <label for>, so people and tests find inputs by it) and its changed mark. */
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import type { FieldDef } from './field-layout.ts';
import { labelIdOf } from './field-control.tsx';

export const CHANGED_MARK = 'Changed';

export function ChangedMark() {
  return (
    <Badge bg="warning" text="dark" className="ms-2 fw-normal">
      {CHANGED_MARK}
    </Badge>
  );
}

export function FieldLabel({ def, id, changed, className }: { def: FieldDef; id: string; changed: boolean; className?: string }) {
  // A radio or checkbox group has no single input to point at: it is named by this text (aria-labelledby).
  const label =
    def.kind === 'radio' || def.kind === 'checkboxGroup' ? (
      <span id={labelIdOf(id)} className="form-label mb-0">
        {def.label}
      </span>
    ) : (
      <Form.Label htmlFor={id} id={labelIdOf(id)} className="mb-0">
        {def.label}
      </Form.Label>
    );
  return (
    <div className={className}>
      {label}
      {changed && <ChangedMark />}
    </div>
  );
}
