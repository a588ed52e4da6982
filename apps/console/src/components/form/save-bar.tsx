/**
 * The bar under a settings form: Save, Discard and how many fields are changed. It sticks to the
 * bottom of the window while the form is longer than the screen, so Save is always at hand. Hidden
 * without write permission (002 §6); extra buttons (Cancel ...) follow Save.
 */
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { SaveButton } from './save-button.tsx';
import type { SettingsFormState } from './use-settings-form.ts';

export const DISCARD_LABEL = 'Discard';

export const changedCountText = (n: number): string => (n === 0 ? 'No changes' : n === 1 ? '1 changed field' : `${n} changed fields`);

export function SaveBar({ state, children }: { state: Pick<SettingsFormState, 'readOnly' | 'saving' | 'changed' | 'discard'>; children?: ReactNode }) {
  if (state.readOnly) return <div className="d-flex gap-2 mb-4">{children}</div>;
  const n = state.changed.size;
  return (
    <div className="save-bar sticky-bottom bg-body border-top py-2 mb-4 d-flex flex-wrap align-items-center gap-2">
      <SaveButton readOnly={false} saving={state.saving} />
      <Button variant="outline-secondary" disabled={n === 0 || state.saving} onClick={state.discard}>
        {DISCARD_LABEL}
      </Button>
      {children}
      <span className="ms-auto small text-body-secondary" role="status">
        {changedCountText(n)}
      </span>
    </div>
  );
}
