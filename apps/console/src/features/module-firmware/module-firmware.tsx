/**
 * Settings › Module Firmware, Manual Update (002 §2.13, §4.8, §4.9): choose and upload a .a2up
 * (step 0), then Process or Cancel (step 1); processing polls the update log every 3 s until
 * 'END OF FILE'. A log with 'firmware update success' runs the 10-second countdown, stores the
 * updated flag and goes to Login flagged as reboot; otherwise 'Firmware update failed'.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { TIMING, endpoints, firmwareTexts as t } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { startRebootCountdown } from '../../lib/reboot.ts';
import { FIRMWARE_UPDATED_KEY } from '../../lib/storage-keys.ts';
import { isLogEnded, isUpdateSuccess, uploadPackage } from './manual-update.ts';

const UPDATE_POLL_MS = 3000;

export default function ModuleFirmware() {
  const canWrite = useCanWriteHere();
  const info = useQuery(endpointQuery('deviceInfo'));
  const [step, setStep] = useState<0 | 1>(0);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [updating, setUpdating] = useState(false);
  const [log, setLog] = useState('');
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);

  useEffect(() => () => clearInterval(timer.current), []);

  const upload = async () => {
    if (!file) return setFileError(t.fileRequired);
    if (!file.name.toLowerCase().endsWith('.a2up')) return setFileError(t.wrongExtension);
    setFileError(undefined);
    setProgress(0);
    const r = await uploadPackage(file, setProgress);
    setProgress(undefined);
    if (!r.ok) return showAlert({ type: 'danger', message: t.uploadFailed(r.reply) });
    showAlert({ type: 'success', message: t.uploaded(file.name) });
    setStep(1);
  };

  const finish = (text: string) => {
    clearInterval(timer.current);
    setUpdating(false);
    if (isUpdateSuccess(text)) {
      localStorage.setItem(FIRMWARE_UPDATED_KEY, 'true');
      startRebootCountdown(TIMING.rebootCountdownSeconds, t.updateSuccess);
    } else {
      showAlert({ type: 'danger', message: t.updateFailed });
      setStep(0);
    }
  };

  const poll = async () => {
    try {
      const { output } = await callEndpoint(endpoints.fwUpdateInfo, { suppress: true });
      setLog(output);
      if (isLogEnded(output)) finish(output);
    } catch {
      // The module may be going away at the end of a success: the next poll or the countdown decides.
    }
  };

  const process = async () => {
    setUpdating(true);
    setLog('');
    try {
      await callEndpoint(endpoints.fwUpdate, { body: {}, suppress: true });
    } catch (e) {
      // 002 §4.9: a failed start clears the flag and is only logged.
      console.error(e);
      setUpdating(false);
      return;
    }
    timer.current = setInterval(() => void poll(), UPDATE_POLL_MS);
    void poll();
  };

  return (
    <section>
      <h1 className="h4">{t.title}</h1>
      <p>
        {t.currentVersion}: <strong>{info.data?.moduleFirmwareVersion ?? ''}</strong>
      </p>
      <h2 className="h5">{t.manualUpdate}</h2>
      {step === 0 ? (
        <Form
          noValidate
          aria-label={t.manualUpdate}
          onSubmit={(e) => {
            e.preventDefault();
            void upload();
          }}
        >
          <Form.Group className="mb-2" controlId="firmware-file" style={{ maxWidth: 480 }}>
            <Form.Label>{t.firmwareFile}</Form.Label>
            <Form.Control type="file" accept=".a2up" disabled={!canWrite} isInvalid={!!fileError} onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])} />
            <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
          </Form.Group>
          {progress !== undefined && <ProgressBar now={progress} label={`${progress}%`} className="mb-2" style={{ maxWidth: 480 }} />}
          {canWrite && (
            <Button type="submit" disabled={progress !== undefined}>
              {t.upload}
            </Button>
          )}
        </Form>
      ) : (
        <div className="d-flex gap-2">
          <Button onClick={() => void process()} disabled={updating}>
            {t.process}
          </Button>
          <Button variant="secondary" onClick={() => setStep(0)} disabled={updating}>
            {t.cancel}
          </Button>
        </div>
      )}
      <h2 className="h5 mt-3">{t.updateLog}</h2>
      <pre role="log" className="p-2 bg-body-tertiary border small" style={{ whiteSpace: 'pre-wrap', minHeight: '8rem' }} aria-label={t.updateLog} aria-busy={updating}>
        {log}
      </pre>
    </section>
  );
}
