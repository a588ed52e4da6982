/**
 * Reading › Log › Trend Log Management (001 §2, §4, §5, §8): 'Log Param' chooses what goes in the
 * file, 'Log File' follows it from generating to ready. Generate File and Clear Logs are edit
 * controls (001 §6); Clear Logs also needs the maintenance edit the module asks of resetLogDB.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { serverMessages, shellTexts, trendTexts, type TrendLogRange } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { Loading } from '../../components/loading.tsx';
import { openRebootModal } from '../../components/reboot-modal.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useCanWriteHere, useMayCall } from '../../lib/permissions.ts';
import { useCancelTrendExport, useDeleteTrendExport, useResetTrendLog, useStartTrendExport, useTrendExportStatus, useTrendLogRange } from './api/use-trends.ts';
import { LogFileCard } from './components/log-file-card.tsx';
import { LogParamCard } from './components/log-param-card.tsx';
import { initialLogParam, validateLogParam, type LogParamErrors, type LogParamField, type LogParamForm } from './log-param.ts';
import { useDeviceClock } from './use-device-clock.ts';

export default function TrendLogManagement() {
  const clock = useDeviceClock();
  const range = useTrendLogRange();
  if (!clock.ready || range.isPending) return <Loading />;
  // A failed range call was reported; the form then has no dates to offer.
  return <Management range={range.data ?? EMPTY_RANGE} zone={clock.zone} />;
}

const EMPTY_RANGE: TrendLogRange = { realTimeMin: 0, realTimeMax: 0, energyMin: 0, energyMax: 0, demandMin: 0, demandMax: 0, powerQualityMin: 0, powerQualityMax: 0, ioMin: 0, ioMax: 0 };
const FIELDS: readonly LogParamField[] = ['logParamArray', 'logInterval', 'startTime', 'endTime'];
const ok = (r: { value: string }) => r.value === serverMessages.success;

function Management({ range, zone }: { range: TrendLogRange; zone: string }) {
  const [form, setForm] = useState(() => initialLogParam(range, zone));
  const [errors, setErrors] = useState<LogParamErrors>({});
  const status = useTrendExportStatus();
  const start = useStartTrendExport();
  const cancel = useCancelTrendExport();
  const remove = useDeleteTrendExport();
  const reset = useResetTrendLog();
  const canEdit = useCanWriteHere();
  const mayReset = useMayCall(calls.resetTrendLog);

  // Messages belong to the values they were about.
  const edit = (next: LogParamForm) => {
    setForm(next);
    setErrors({});
  };

  const generate = async () => {
    const checked = validateLogParam(form, zone, range);
    setErrors(checked.errors);
    if (!checked.body) return;
    try {
      await start.mutateAsync(checked.body);
      showAlert({ type: 'success', message: trendTexts.generationStarted });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) return;
      // The module's refusal (range, unrecorded parameters, size) by field, and its message.
      const byField: LogParamErrors = {};
      for (const [k, v] of Object.entries(e.errors ?? {})) if ((FIELDS as readonly string[]).includes(k)) byField[k as LogParamField] = v;
      setErrors(byField);
      if (e.value) showAlert({ type: 'danger', message: e.value });
    }
  };

  const stop = async () => {
    const done = await cancel.mutateAsync().then(ok, () => false);
    showAlert(done ? { type: 'success', message: trendTexts.cancelled } : { type: 'danger', message: trendTexts.cancelFailed });
  };

  const confirmDelete = () =>
    confirmAction({
      title: shellTexts.confirmation,
      body: trendTexts.deleteConfirm,
      run: async () => ok(await remove.mutateAsync()),
      onSuccess: () => showAlert({ type: 'success', message: trendTexts.filesDeleted }),
      onFailure: () => showAlert({ type: 'danger', message: trendTexts.deleteFailed }),
    });

  const confirmClear = () =>
    confirmAction({
      title: trendTexts.warningTitle,
      body: trendTexts.resetWarning,
      run: async () => ok(await reset.mutateAsync()),
      onSuccess: openRebootModal,
      onFailure: () => showAlert({ type: 'danger', message: trendTexts.resetFailed }),
    });

  const actions = canEdit && (
    <>
      <Button variant="primary" disabled={start.isPending} onClick={() => void generate()}>
        {trendTexts.generateFile}
      </Button>
      {mayReset && (
        <Button variant="outline-danger" onClick={confirmClear}>
          {trendTexts.clearLogs}
        </Button>
      )}
    </>
  );

  return (
    <section>
      <LogParamCard range={range} zone={zone} form={form} errors={errors} onChange={edit} actions={actions || undefined} />
      <LogFileCard status={status.data} canEdit={canEdit} busy={cancel.isPending || remove.isPending} onStop={() => void stop()} onDelete={confirmDelete} />
    </section>
  );
}
