/**
 * Settings › Config Management (002 §2.15, §5.10, §7.4, §7.8, §8): backup with a description, the
 * local configuration list (Detail, Apply with or without users, Download, Delete), import of a
 * .conf.an file through upload/local/configFile with its progress in percent (000 §7). At most 10
 * configurations: the module refuses the 11th with its reason. A configuration from another
 * module is applied by admin only, after a confirmation naming its serial number; sections the
 * user may not save are skipped by the module and named in an alert.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { ADMIN_USER_NAME, CONFIG_DESCRIPTION_MAX, CONFIG_FILE_EXTENSION, MAX_CONFIG_BACKUPS, configBackupTexts as t, shellTexts, type ConfigBackupEntry } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { openRebootModal } from '../../components/reboot-modal.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint, download, upload } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { formatDeviceTime } from '../../lib/device-time.ts';
import { useHomePageInfo } from '../../lib/device.ts';
import { openModal } from '../../lib/modal.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/use-session.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const reply = (e: unknown) => (e instanceof ApiError && e.value ? e.value : e instanceof Error ? e.message : String(e));
const aborted = (e: unknown) => e instanceof ApiError && e.aborted;

export default function ConfigManagement() {
  const client = useQueryClient();
  const canWrite = useCanWriteHere();
  const zone = useHomePageInfo().data?.timeZone ?? 'UTC';
  const entries = useQuery(endpointQuery('configLocalInfo'));
  const [description, setDescription] = useState('');
  const [descriptionError, setDescriptionError] = useState<string>();
  const [includeUser, setIncludeUser] = useState(false);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number>();
  const isAdmin = useSession()?.userName === ADMIN_USER_NAME;
  const refresh = () => client.invalidateQueries({ queryKey: ['configLocalInfo'] });

  const backup = async () => {
    if (description.trim() === '') return setDescriptionError(`Please provide ${t.description}`);
    if (description.length > CONFIG_DESCRIPTION_MAX) return setDescriptionError(`${t.description} cannot exceed ${CONFIG_DESCRIPTION_MAX} characters`);
    setDescriptionError(undefined);
    setBusy(true);
    try {
      await callEndpoint(calls.configBackup, { body: { description }, suppress: true });
      showAlert({ type: 'success', message: t.backupDone });
      setDescription('');
      await refresh();
    } catch (e) {
      if (!aborted(e)) showAlert({ type: 'danger', message: t.backupFailed(reply(e)) });
    } finally {
      setBusy(false);
    }
  };

  const importFile = async () => {
    if (!file) return setFileError(t.fileRequired);
    if (!file.name.toLowerCase().endsWith(CONFIG_FILE_EXTENSION)) return setFileError(t.wrongExtension);
    setFileError(undefined);
    setBusy(true);
    setProgress(0);
    try {
      await upload(calls.uploadConfigFile.path, file, { suppress: true, onProgress: setProgress });
      // The upload is over: its bar goes with the success, not after the list is read again.
      setProgress(undefined);
      showAlert({ type: 'success', message: t.imported });
      await refresh();
    } catch (e) {
      if (!aborted(e)) showAlert({ type: 'danger', message: t.uploadFailed(reply(e)) });
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  const detail = (e: ConfigBackupEntry) =>
    openModal({
      title: t.detail,
      body: e.description,
      detail: [
        `File Name: ${e.fileName}`,
        `Model: ${e.modelName}`,
        `Serial Number: ${e.serialNumber}`,
        ...(e.otherModule ? [t.otherModuleBadge] : []),
        `Firmware Version: ${e.firmwareVerion}`,
        `Time: ${formatDeviceTime(e.timestamp, zone)}`,
      ],
      buttons: [{ text: shellTexts.ok, type: 'primary', dismiss: true }],
    });

  const apply = (e: ConfigBackupEntry) => {
    let skipped: string[] = [];
    confirmAction({
      title: shellTexts.confirmation,
      // A migration names its origin: the module needs that serial number back (confirmOrigin).
      body: e.otherModule ? t.otherModuleConfirm(e.serialNumber) : t.applyConfirm,
      detail: [e.description, ...(includeUser ? [t.includeUser] : [])],
      run: async () => {
        try {
          const body = { uuid: e.uuid, includeUser, ...(e.otherModule ? { confirmOrigin: e.serialNumber } : {}) };
          ({ skipped } = await callEndpoint(calls.configApply, { body, suppress: true }));
          return true;
        } catch (err) {
          if (!aborted(err)) showAlert({ type: 'danger', message: t.applyFailed });
          return false;
        }
      },
      onSuccess: () => {
        showAlert({ type: 'success', message: t.applied });
        if (skipped.length > 0) showAlert({ type: 'warning', message: t.skipped(skipped.join(', ')) });
        openRebootModal();
      },
    });
  };

  const exportEntry = async (e: ConfigBackupEntry) => {
    try {
      const { value } = await callEndpoint(calls.configExport, { body: { uuid: e.uuid }, suppress: true });
      await download(calls.configFile.path, { params: { fileName: value.split('/').pop() ?? '' }, failureMessage: t.exportFailed });
    } catch (err) {
      if (!aborted(err)) showAlert({ type: 'danger', message: t.exportFailed });
    }
  };

  const remove = (e: ConfigBackupEntry) =>
    confirmAction({
      title: shellTexts.confirmation,
      body: t.deleteConfirm,
      detail: [e.description],
      run: async () => {
        try {
          await callEndpoint(calls.configDelete, { body: { uuid: e.uuid }, suppress: true });
          return true;
        } catch (err) {
          if (!aborted(err)) showAlert({ type: 'danger', message: t.deleteFailed });
          return false;
        }
      },
      onSuccess: () => {
        showAlert({ type: 'success', message: t.filesDeleted });
        void refresh();
      },
    });

  const columns: readonly Column<ConfigBackupEntry>[] = [
    {
      key: 'description',
      header: t.description,
      rowHeader: true,
      cell: (e) => (
        <>
          {e.description}
          {e.otherModule && (
            <Badge bg="warning" text="dark" className="ms-2">
              {t.otherModuleBadge}
            </Badge>
          )}
        </>
      ),
    },
    { key: 'time', header: 'Time', cell: (e) => formatDeviceTime(e.timestamp, zone) },
    { key: 'file', header: 'File Name', cell: (e) => e.fileName },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => (
        <div className="d-flex flex-wrap gap-1">
          <Button size="sm" variant="outline-secondary" aria-label={`${t.detail} ${e.description}`} onClick={() => detail(e)}>
            {t.detail}
          </Button>
          {canWrite && (!e.otherModule || isAdmin) && (
            <Button size="sm" variant="outline-primary" aria-label={`${t.apply} ${e.description}`} onClick={() => apply(e)}>
              {t.apply}
            </Button>
          )}
          <Button size="sm" variant="outline-primary" aria-label={`${t.download} ${e.description}`} onClick={() => void exportEntry(e)}>
            {t.download}
          </Button>
          {canWrite && (
            <Button size="sm" variant="outline-danger" aria-label={`${t.delete} ${e.description}`} onClick={() => remove(e)}>
              {t.delete}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section>
      <ScreenTitle className="h4">{t.title}</ScreenTitle>
      {canWrite && (
        <Form
          className="mb-4"
          aria-label={t.backup}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void backup();
          }}
        >
          <h2 className="h5">{t.backup}</h2>
          <Form.Group className="mb-2" controlId="config-description" style={{ maxWidth: 480 }}>
            <Form.Label>{t.description}</Form.Label>
            <Form.Control value={description} isInvalid={!!descriptionError} onChange={(e) => setDescription(e.target.value)} />
            <Form.Control.Feedback type="invalid">{descriptionError}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" disabled={busy}>
            {t.backup}
          </Button>
        </Form>
      )}
      <h2 className="h5">{t.localList}</h2>
      <p className="text-body-secondary small mb-2">
        {entries.data?.length ?? 0} / {MAX_CONFIG_BACKUPS}
      </p>
      {canWrite && <Form.Check className="mb-2" id="config-include-user" label={t.includeUser} checked={includeUser} onChange={(e) => setIncludeUser(e.target.checked)} />}
      <DataTable label={t.localList} columns={columns} rows={entries.data} rowKey={(e) => e.uuid} loading={entries.isPending} />
      {canWrite && (
        <Form
          aria-label={t.importTitle}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void importFile();
          }}
        >
          <h2 className="h5">{t.importTitle}</h2>
          <Form.Group className="mb-2" controlId="config-file" style={{ maxWidth: 480 }}>
            <Form.Label>{t.chooseFile}</Form.Label>
            <Form.Control type="file" accept={CONFIG_FILE_EXTENSION} isInvalid={!!fileError} onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])} />
            <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
          </Form.Group>
          {progress !== undefined && (
            // The inner bar carries the role: it gets the name.
            <ProgressBar className="mb-2" style={{ maxWidth: 480 }}>
              <ProgressBar now={progress} label={`${progress}%`} aria-label={t.uploading} />
            </ProgressBar>
          )}
          <Button type="submit" disabled={busy || !file}>
            {t.importButton}
          </Button>
        </Form>
      )}
    </section>
  );
}
