/**
 * Settings › Emergency › Step 1 (002 §2.16, §4.10): export the current configuration (.conf.an) and
 * download the diagnostic file. While either runs the page cannot be left: 'Emergency mode is
 * exporting. Please stay on the current page'.
 */
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { emergencyTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint, download } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { registerBusyOperation } from '../../lib/unsaved-changes.ts';
import { EmergencyWizard } from './wizard.tsx';

async function exportConfig(): Promise<boolean> {
  try {
    const { value } = await callEndpoint(calls.exportCurrentConfig, { body: {}, suppress: true });
    return await download(calls.configFile.path, { params: { fileName: value.split('/').pop() ?? '' }, failureMessage: t.exportFailed });
  } catch (e) {
    if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.exportFailed });
    return false;
  }
}

async function downloadDiagnostic(): Promise<boolean> {
  try {
    const { value } = await callEndpoint(calls.downloadSyslog, { body: {}, suppress: true });
    return await download(calls.diagnosticFile.path, { params: { fileName: value }, failureMessage: t.diagnosticFailed });
  } catch (e) {
    if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.diagnosticFailed });
    return false;
  }
}

export default function EmergencyStep1() {
  const canWrite = useCanWriteHere();
  const [running, setRunning] = useState<'config' | 'diagnostic'>();
  const busy = useRef(false);
  useEffect(() => registerBusyOperation(() => (busy.current ? t.exporting : undefined)), []);

  const run = async (what: 'config' | 'diagnostic') => {
    busy.current = true;
    setRunning(what);
    const ok = what === 'config' ? await exportConfig() : await downloadDiagnostic();
    busy.current = false;
    setRunning(undefined);
    if (ok) showAlert({ type: 'success', message: what === 'config' ? t.exported : t.diagnosticDownloaded });
  };

  return (
    <EmergencyWizard step={1} title={t.step1Title} busy={running !== undefined}>
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={() => void run('config')} disabled={!canWrite || running !== undefined}>
          {t.exportConfig}
        </Button>
        <Button onClick={() => void run('diagnostic')} disabled={!canWrite || running !== undefined}>
          {t.downloadDiagnostic}
        </Button>
      </div>
    </EmergencyWizard>
  );
}
