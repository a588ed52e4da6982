/** The fields of a settings form, stacked (label above input) or as a table (setting, value, description). */
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ScrollRegion } from '../scroll-region.tsx';
import { FieldControl, fieldId } from './field-control.tsx';
import { ChangedMark, FieldLabel } from './field-label.tsx';
import type { SettingsFormState } from './use-settings-form.ts';

export type FieldsLayout = 'stack' | 'table';

export function FormFields({ state, formId, layout = 'stack', caption }: { state: SettingsFormState; formId: string; layout?: FieldsLayout; caption?: string }) {
  if (layout === 'table') {
    return (
      <ScrollRegion label={caption}>
        <Table bordered hover size="sm" className="align-middle mb-0">
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Value</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {state.fields.map((def) => {
              const id = fieldId(formId, def.name);
              return (
                <tr key={def.name}>
                  <th scope="row" className="fw-normal">
                    <FieldLabel def={def} id={id} changed={state.changed.has(def.name)} />
                  </th>
                  <td style={{ minWidth: '12rem' }}>
                    <FieldControl state={state} def={def} id={id} />
                  </td>
                  <td className="text-muted small">{def.description}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <>
      {state.fields.map((def) => {
        const id = fieldId(formId, def.name);
        const changed = state.changed.has(def.name);
        return (
          <Form.Group key={def.name} className="mb-3">
            {def.kind === 'checkbox' ? (
              <>
                <FieldControl state={state} def={def} id={id} checkLabel />
                {changed && <ChangedMark />}
              </>
            ) : (
              <>
                <FieldLabel def={def} id={id} changed={changed} className="mb-1" />
                <FieldControl state={state} def={def} id={id} />
              </>
            )}
            {def.description && <div className="form-text">{def.description}</div>}
          </Form.Group>
        );
      })}
    </>
  );
}
