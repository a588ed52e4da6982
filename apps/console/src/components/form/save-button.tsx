/** The Save of a settings form: hidden without write permission, busy while saving (002 §6). */
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export const SAVE_LABEL = 'Save';

export function SaveButton({ readOnly, saving }: { readOnly: boolean; saving: boolean }) {
  if (readOnly) return null;
  return (
    <Button type="submit" variant="primary" disabled={saving}>
      {saving && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {SAVE_LABEL}
    </Button>
  );
}
