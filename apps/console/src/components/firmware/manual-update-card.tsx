/**
 * Manual Update (002 §4.8): choose and upload the file (step 0), then Process or Cancel (step 1;
 * Cancel returns to step 0). Processing is the caller's UpdateProcess, so the Firmware page and
 * emergency step 3 share it for the module (.a2up) and the meter (.abin); UpdateLog shows its log.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { firmwareTexts as t } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { FIRMWARE_CALLS, uploadPackage, type FirmwareKind } from './manual-update.ts';
import type { UpdateProcess } from './use-update-process.ts';

export function ManualUpdate({ kind, title, canWrite, update }: { kind: FirmwareKind; title: string; canWrite: boolean; update: UpdateProcess }) {
  const [step, setStep] = useState<0 | 1>(0);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const { extension } = FIRMWARE_CALLS[kind];
  const controlId = `${kind}-firmware-file`;

  const upload = async () => {
    if (!file) return setFileError(t.fileRequired);
    if (!file.name.toLowerCase().endsWith(extension)) return setFileError(kind === 'meter' ? t.meterWrongExtension : t.wrongExtension);
    setFileError(undefined);
    setProgress(0);
    const r = await uploadPackage(file, setProgress, kind);
    setProgress(undefined);
    if (!r.ok) return showAlert({ type: 'danger', message: t.uploadFailed(r.reply) });
    showAlert({ type: 'success', message: kind === 'meter' ? t.meterUploaded(file.name) : t.uploaded(file.name) });
    setStep(1);
  };

  const process = async () => {
    update.setLog('');
    await update.process(() => setStep(0));
    if (kind === 'meter') setStep(0);
  };

  return (
    <section aria-label={title}>
      <h2 className="h5">{title}</h2>
      {step === 0 ? (
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
            <Form.Control type="file" accept={extension} disabled={!canWrite} isInvalid={!!fileError} onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])} />
            <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
          </Form.Group>
          {progress !== undefined && <ProgressBar now={progress} label={`${progress}%`} className="mb-2" style={{ maxWidth: 480 }} />}
          {canWrite && (
            <Button type="submit" disabled={progress !== undefined || update.updating}>
              {t.upload}
            </Button>
          )}
        </Form>
      ) : (
        <div className="d-flex gap-2">
          <Button onClick={() => void process()} disabled={update.updating}>
            {t.process}
          </Button>
          <Button variant="secondary" onClick={() => setStep(0)} disabled={update.updating}>
            {t.cancel}
          </Button>
        </div>
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
