/**
 * CE Test (000 §2, §5, §9, route /ce_test): the wireless transmit test form and Test. The
 * override rates follow the IEEE protocol and empty when it changes; read-only without write
 * permission. The module answers 'Success' or the reason: 'Test successful' or 'Test failed'.
 */
import { CE_TEST_DEFAULTS, ceTestForm, type CeTestForm, ceTestTexts as t, overrideRateOptions, serverMessages } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { useEffect, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { FormFields } from '../../components/form/form-fields.tsx';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { SaveForm } from '../../components/form/save-form.tsx';
import { useSettingsForm, type FlatSchema } from '../../components/form/use-settings-form.ts';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';

const COMMANDS = { 1: calls.ceTest11b, 2: calls.ceTest11g, 3: calls.ceTest11n } as const;
const SCHEMA: FlatSchema = ceTestForm;
const BASE_FIELDS = schemaFieldDefs(SCHEMA);

export default function CeTest() {
  const formId = useId();
  const [protocol, setProtocol] = useState(Number(CE_TEST_DEFAULTS.IEEEProtocol));
  const fields = useMemo<FieldDef[]>(
    () => BASE_FIELDS.map((f) => (f.name === 'OverrideRate' ? { ...f, kind: 'select', options: overrideRateOptions(protocol), placeholder: '' } : f)),
    [protocol],
  );
  const state = useSettingsForm({
    schema: SCHEMA,
    values: CE_TEST_DEFAULTS,
    fields,
    requireChange: false,
    successMessage: t.success,
    onSave: async (form) => {
      let value: string | undefined;
      try {
        value = (await callEndpoint(COMMANDS[form.IEEEProtocol as 1 | 2 | 3], { body: form as CeTestForm, suppress: true })).value;
      } catch (e) {
        if (e instanceof ApiError && (e.aborted || e.status === 401)) throw e;
      }
      if (value !== serverMessages.success) {
        showAlert({ type: 'danger', message: t.failure });
        // Told already: the form layer stays quiet.
        throw new ApiError(0, undefined, undefined, true);
      }
    },
  });
  const { form } = state;
  useEffect(() => {
    const sub = form.watch((values, { name, type }) => {
      if (name !== 'IEEEProtocol' || type !== 'change') return;
      setProtocol(Number(values.IEEEProtocol));
      // 000 §5: another protocol has other rates.
      form.setValue('OverrideRate', '');
    });
    return () => sub.unsubscribe();
  }, [form]);

  return (
    <Card>
      <Card.Body>
        <SaveForm state={state} label="CE Test">
          <FormFields state={state} formId={formId} />
          {!state.readOnly && (
            <Button type="submit" disabled={state.saving}>
              {state.saving && <Spinner animation="border" size="sm" className="me-1" aria-hidden />}
              {t.test}
            </Button>
          )}
        </SaveForm>
      </Card.Body>
    </Card>
  );
}
