/**
 * Settings › Management (002 §2.11, §4.6, §6, §8): the resets (the seal read again before each),
 * module reboot and factory reset (the page then waits for the reboot, its buttons disabled), SSH,
 * debug diagnostic for all subsystems at once with its Detail page, and the diagnostic file.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { DEBUG_LOG_OFF, DEBUG_LOG_ON, managementTexts as t, readingResetNames, routeByName, shellTexts, syslogConfigAll, type ReadingReset, type SealStatus } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useCanWrite, useCanWriteHere, useMayCall } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { requestReboot, startRebootCountdown } from '../../lib/reboot.ts';
import { rebootStore } from '../../lib/reboot-state.ts';
import { useStore } from '../../lib/use-store.ts';
import { downloadDiagnosticFile, openSealChanged, resetReading, saveSection, saveSyslog, sealBlocks, type ResetOutcome } from './api.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const CONFIGURATION_MASK = 48;
const DEBUG_PATH = routeByName('Settings, Management, Debug Diagnostic').path;

interface Row {
  key: string;
  label: string;
  action: ReactNode;
}

const RESETS: ReadonlyArray<{ name: ReadingReset; label: string }> = [
  { name: 'demand', label: t.resetDemand },
  { name: 'energy', label: t.resetEnergy },
  { name: 'alarm', label: t.resetAlarm },
];

const COLUMNS: readonly Column<Row>[] = [
  { key: 'item', header: 'Item', rowHeader: true, cell: (r) => r.label },
  { key: 'action', header: 'Action', cell: (r) => <div className="d-flex flex-wrap gap-2 align-items-center">{r.action}</div> },
];

export default function Management() {
  const client = useQueryClient();
  const canWrite = useCanWriteHere();
  const canWriteConfiguration = useCanWrite(CONFIGURATION_MASK);
  const mayDownload = useMayCall(calls.downloadSyslog);
  const rebooting = useStore(rebootStore).phase !== 'idle';
  const seal = useQuery(endpointQuery('sealStatus'));
  const ssh = useQuery(endpointQuery('sshConfig'));
  const [busy, setBusy] = useState(false);
  const idle = canWrite && !rebooting && !busy;

  const ask = (body: string, run: () => Promise<boolean>) => confirmAction({ title: shellTexts.confirmation, body, run });

  const confirmReset = (name: ReadingReset, held: SealStatus) => {
    let outcome: ResetOutcome = 'failed';
    confirmAction({
      title: shellTexts.confirmation,
      body: t.confirmReset(readingResetNames[name]),
      run: async () => (outcome = await resetReading(name, held)) === 'done',
      onFailure: () => {
        if (outcome === 'sealChanged') openSealChanged();
      },
    });
  };

  const resetButton = (name: ReadingReset, allowed = true) => (
    <Button
      variant="outline-danger"
      size="sm"
      aria-label={`${t.reset} ${readingResetNames[name]}`}
      disabled={!idle || !allowed || !seal.data || sealBlocks(name, seal.data)}
      onClick={() => seal.data && confirmReset(name, seal.data)}
    >
      {t.reset}
    </Button>
  );

  const factoryReset = () =>
    confirmAction({
      title: t.factoryReset,
      body: t.confirmFactoryReset,
      run: async () => {
        try {
          await callEndpoint(calls.resetFactory, { body: { value: 1 }, suppress: true });
        } catch (e) {
          if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.resetFactoryFailed });
          return false;
        }
        startRebootCountdown();
        return true;
      },
    });

  const setSsh = (enable: 0 | 1) =>
    ask(t.confirmSsh(enable === 1), async () => {
      try {
        await saveSection(calls.saveSshConfig, { enable });
      } catch (e) {
        if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: enable === 1 ? t.sshEnableFailed : t.sshChangeFailed });
        return false;
      }
      showAlert({ type: 'success', message: t.sshSaved });
      await client.invalidateQueries({ queryKey: ['sshConfig'] });
      return true;
    });

  const setAllDebug = async (level: number) => {
    setBusy(true);
    if (await saveSyslog(syslogConfigAll(level))) await client.invalidateQueries({ queryKey: ['syslogConfig'] });
    setBusy(false);
  };

  const download = async () => {
    setBusy(true);
    await downloadDiagnosticFile();
    setBusy(false);
  };

  const sshOn = ssh.data?.enable === 1;
  const rows: Row[] = [
    ...RESETS.map((r) => ({ key: r.name, label: r.label, action: resetButton(r.name) })),
    {
      key: 'reboot',
      label: t.moduleReboot,
      action: (
        <Button variant="outline-danger" size="sm" disabled={!idle} onClick={() => ask(shellTexts.rebootNow, requestReboot)}>
          {shellTexts.reboot}
        </Button>
      ),
    },
    { key: 'runTime', label: t.resetRunTime, action: resetButton('deviceRunTime', canWriteConfiguration) },
    {
      key: 'factory',
      label: t.factoryReset,
      action: (
        <Button variant="danger" size="sm" disabled={!idle} onClick={factoryReset}>
          {t.factoryReset}
        </Button>
      ),
    },
    {
      key: 'ssh',
      label: t.ssh,
      action: (
        <>
          <span>{ssh.data ? (sshOn ? t.enabled : t.disabled) : ''}</span>
          <Button variant="outline-primary" size="sm" aria-label={`${sshOn ? t.disable : t.enable} ${t.ssh}`} disabled={!idle || !ssh.data} onClick={() => setSsh(sshOn ? 0 : 1)}>
            {sshOn ? t.disable : t.enable}
          </Button>
        </>
      ),
    },
    {
      key: 'debug',
      label: t.debugDiagnostic,
      action: (
        <>
          <Button variant="outline-primary" size="sm" disabled={!idle} onClick={() => void setAllDebug(DEBUG_LOG_ON)}>
            {t.enableAll}
          </Button>
          <Button variant="outline-primary" size="sm" disabled={!idle} onClick={() => void setAllDebug(DEBUG_LOG_OFF)}>
            {t.disableAll}
          </Button>
          <Link to={DEBUG_PATH}>{t.detail}</Link>
        </>
      ),
    },
    {
      key: 'diagnostic',
      label: t.downloadDiagnostic,
      action: (
        <Button variant="outline-primary" size="sm" disabled={!mayDownload || busy || rebooting} onClick={() => void download()}>
          {t.download}
        </Button>
      ),
    },
  ];

  return (
    <section>
      <ScreenTitle className="h4">{t.title}</ScreenTitle>
      {seal.data?.meterSealStatus === 1 && <p className="text-body-secondary">{t.sealed}</p>}
      <DataTable label={t.title} columns={COLUMNS} rows={rows} rowKey={(r) => r.key} loading={seal.isPending} quietHeader />
    </section>
  );
}
