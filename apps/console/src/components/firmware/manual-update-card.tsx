/**
 * Manual Update (002 §4.8): choose a file (Upload stays disabled until one is chosen) and upload it
 * with its progress in percent (step 0); the module checks it at once (format, signature, product,
 * version): a refusal is the alert "Firmware file upload failed: {reason}" and the reason in the
 * update log. Step 1 shows the checked package's version and offers Process (confirmed, naming
 * that version) or Cancel (back to step 0). An older version needs "Allow downgrade", which only
 * admin may tick (issue 25). Processing is the caller's UpdateProcess, so the Firmware page and
 * emergency step 3 share it for the module (.a2up) and the meter (.abin); UpdateLog shows its log.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { ADMIN_ACCESS_LEVEL, firmwareTexts as t, type FirmwareUploadInfo } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useSession } from '../../lib/use-session.ts';
import { FIRMWARE_CALLS, uploadPackage, type FirmwareKind } from './manual-update.ts';
import type { UpdateProcess } from './use-update-process.ts';

type Checked = FirmwareUploadInfo & { fileName: string };

export function ManualUpdate({ kind, title, canWrite, update }: { kind: FirmwareKind; title: string; canWrite: boolean; update: UpdateProcess }) {
  const admin = useSession()?.accessLevel === ADMIN_ACCESS_LEVEL;
  const [step, setStep] = useState<0 | 1>(0);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [allowDowngrade, setAllowDowngrade] = useState(false);
  const [checked, setChecked] = useState<Checked>();
  const { extension } = FIRMWARE_CALLS[kind];
  const controlId = `${kind}-firmware-file`;
  const downgradeId = `${kind}-firmware-downgrade`;

  const upload = async () => {
    if (!file) return setFileError(t.fileRequired);
    if (!file.name.toLowerCase().endsWith(extension)) return setFileError(kind === 'meter' ? t.meterWrongExtension : t.wrongExtension);
    setFileError(undefined);
    setProgress(0);
    try {
      const info = await uploadPackage(file, kind, allowDowngrade && admin, setProgress);
      setChecked({ ...info, fileName: file.name });
      showAlert({ type: 'success', message: kind === 'meter' ? t.meterUploaded(file.name) : t.uploaded(file.name) });
      setFile(undefined);
      setAllowDowngrade(false);
      setStep(1);
    } catch (e) {
      if (e instanceof ApiError && e.aborted) return;
      const reply = e instanceof ApiError ? (e.value ?? `status ${e.status}`) : String(e);
      showAlert({ type: 'danger', message: t.uploadFailed(reply) });
    } finally {
      setProgress(undefined);
      // The check wrote its steps (and a refusal's reason) to the update log.
      void update.refresh();
    }
  };

  const process = (info: Checked) =>
    confirmAction({
      title: t.process,
      body: kind === 'meter' ? t.confirmMeter(info.version) : t.confirmModule(info.version),
      ...(info.downgrade && { detail: [t.confirmDowngrade(info.running)] }),
      confirmText: t.process,
      confirmVariant: info.downgrade ? 'danger' : 'primary',
      run: async () => {
        update.setLog('');
        const started = update.process(() => setStep(0));
        if (kind === 'meter') void started.then(() => setStep(0));
        return started;
      },
    });

  return (
    <section aria-label={title}>
      <h2 className="h5">{title}</h2>
      {step === 0 || !checked ? (
        <Form
          noValidate
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            void upload();
          }}
        >
          <Form.Group className="mb-2" controlId={controlId} style={{ maxWidth: 480 }}>
            <Form.Label>{t.firmwareFile}</Form.Label>
            <Form.Control
              type="file"
              accept={extension}
              disabled={!canWrite}
              isInvalid={!!fileError}
              onChange={(e) => {
                setFile((e.target as HTMLInputElement).files?.[0]);
                setFileError(undefined);
              }}
            />
            <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
          </Form.Group>
          {canWrite && (
            <Form.Group className="mb-2" controlId={downgradeId} style={{ maxWidth: 480 }}>
              <Form.Check
                type="checkbox"
                label={t.downgradeOption}
                checked={allowDowngrade && admin}
                disabled={!admin}
                aria-describedby={`${downgradeId}-help`}
                onChange={(e) => setAllowDowngrade(e.target.checked)}
              />
              <Form.Text id={`${downgradeId}-help`} className="d-block">
                {admin ? t.downgradeWarning : t.downgradeAdminOnly}
              </Form.Text>
            </Form.Group>
          )}
          {progress !== undefined && (
            <ProgressBar className="mb-2" style={{ maxWidth: 480 }}>
              <ProgressBar now={progress} label={`${progress}%`} aria-label={t.uploadProgress} />
            </ProgressBar>
          )}
          {canWrite && (
            <Button type="submit" disabled={!file || progress !== undefined || update.updating}>
              {t.upload}
            </Button>
          )}
        </Form>
      ) : (
        <>
          <p className="mb-2">{t.packageInfo(checked.fileName, checked.version, checked.running)}</p>
          {checked.downgrade && (
            <Alert variant="warning" className="py-2" style={{ maxWidth: 480 }}>
              {t.confirmDowngrade(checked.running)}
            </Alert>
          )}
          <div className="d-flex gap-2">
            <Button onClick={() => process(checked)} disabled={update.updating}>
              {t.process}
            </Button>
            <Button variant="secondary" onClick={() => setStep(0)} disabled={update.updating}>
              {t.cancel}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The live update log (polled every 3 s while an update runs). */
export function UpdateLog({ label, update }: { label: string; update: UpdateProcess }) {
  return (
    <>
      <h2 className="h5 mt-3">{label}</h2>
      <pre role="log" className="p-2 bg-body-tertiary border small" style={{ whiteSpace: 'pre-wrap', minHeight: '8rem' }} aria-label={label} aria-busy={update.updating}>
        {update.log}
      </pre>
    </>
  );
}
