/**
 * Settings › Management › Debug Diagnostic (002 §2.12, §3.13): one switch per subsystem (7 on, 6
 * off on the wire), Save, Clear System Log and the way back to Management. Read-only without edit.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DEBUG_LOG_OFF, DEBUG_LOG_ON, DEBUG_SUBSYSTEMS, managementTexts as t, routeByName, shellTexts, type SyslogConfig } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { Loading } from '../../components/loading.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { registerDirtyCheck } from '../../lib/unsaved-changes.ts';
import { saveSyslog } from './api.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const MANAGEMENT_PATH = routeByName('Settings, Management').path;
const same = (a: SyslogConfig, b: SyslogConfig) => DEBUG_SUBSYSTEMS.every((n) => a[n].logLevel === b[n].logLevel);

export default function DebugDiagnostic() {
  const client = useQueryClient();
  const canWrite = useCanWriteHere();
  const loaded = useQuery(endpointQuery('syslogConfig'));
  const [edited, setEdited] = useState<SyslogConfig | undefined>();
  const [busy, setBusy] = useState(false);
  const values = edited ?? loaded.data;
  const dirty = !!edited && !!loaded.data && !same(edited, loaded.data);

  useEffect(() => registerDirtyCheck(() => dirty), [dirty]);

  const save = async () => {
    if (!values || !loaded.data) return;
    if (!dirty) return showAlert({ type: 'info', message: shellTexts.nothingToSave });
    setBusy(true);
    if (await saveSyslog(values)) {
      await client.invalidateQueries({ queryKey: ['syslogConfig'] });
      setEdited(undefined);
    }
    setBusy(false);
  };

  const clear = () =>
    confirmAction({
      title: shellTexts.confirmation,
      body: t.confirmClearSystemLog,
      run: async () => {
        try {
          await callEndpoint(calls.clearSysLog, { body: {}, suppress: true });
        } catch (e) {
          if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.systemLogClearFailed });
          return false;
        }
        showAlert({ type: 'success', message: t.systemLogCleared });
        return true;
      },
    });

  return (
    <section>
      <Link to={MANAGEMENT_PATH}>{t.backToManagement}</Link>
      <ScreenTitle className="h4 mt-2">{t.debugTitle}</ScreenTitle>
      {!values ? (
        <Loading />
      ) : (
        <Form
          aria-label={t.debugTitle}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-2 mb-3">
            {DEBUG_SUBSYSTEMS.map((name) => (
              <div className="col" key={name}>
                <Form.Check
                  type="switch"
                  id={`debug-${name}`}
                  label={name}
                  checked={values[name].logLevel === DEBUG_LOG_ON}
                  disabled={!canWrite || busy}
                  onChange={(e) => setEdited({ ...values, [name]: { logLevel: e.target.checked ? DEBUG_LOG_ON : DEBUG_LOG_OFF } })}
                />
              </div>
            ))}
          </div>
          {canWrite && (
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                Save
              </Button>
              <Button variant="outline-danger" onClick={clear} disabled={busy}>
                {t.clearSystemLog}
              </Button>
            </div>
          )}
        </Form>
      )}
    </section>
  );
}
