/**
 * Settings › Module Firmware (002 §2.13, §4.7–4.10): Auto Update (checkStat radio, check-time
 * select, Save), Remote Update, the Firmware Server URL only with `?showAdvanced=true`, and Manual
 * Update: choose and upload a .a2up (step 0), then Process or Cancel (step 1). Processing (either
 * way) polls the update log every 3 s until 'END OF FILE' (use-update-process.ts); meanwhile the
 * page cannot be left.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { AUTO_UPDATE_OFF, firmwareTexts as t } from '@meter/contract';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { uploadPackage } from './manual-update.ts';
import { RemoteUpdate } from './remote-update.tsx';
import { useUpdateProcess } from './use-update-process.ts';

const AUTO_UPDATE_SCREEN = defineSectionScreen({
  endpoint: 'autoUpdateConfig',
  title: t.autoUpdate,
  formLabel: t.autoUpdate,
  blocks: [{ kind: 'stack', fields: ['checkStat', 'checkTime'] }],
  fields: { checkTime: { disabledWhen: (v) => v.checkStat === AUTO_UPDATE_OFF } },
});

const FIRMWARE_SERVER_SCREEN = defineSectionScreen({
  endpoint: 'firmwareSettings',
  title: t.firmwareServer,
  formLabel: t.firmwareServer,
  blocks: [{ kind: 'stack', fields: ['moduleCheckUpdateUrl'] }],
  failureMessage: t.serverUrlFailed,
});

export default function ModuleFirmware() {
  const canWrite = useCanWriteHere();
  const [params] = useSearchParams();
  const info = useQuery(endpointQuery('deviceInfo'));
  const update = useUpdateProcess();
  const [step, setStep] = useState<0 | 1>(0);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const { updating, log } = update;

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

  const process = async () => {
    update.setLog('');
    await update.process(() => setStep(0));
  };

  return (
    <section>
      <h1 className="h4">{t.title}</h1>
      <p>
        {t.currentVersion}: <strong>{info.data?.moduleFirmwareVersion ?? ''}</strong>
      </p>
      <SectionScreen def={AUTO_UPDATE_SCREEN} />
      {/* 002 §2.13: the server URL is for the vendor's support, shown only when asked for. */}
      {params.get('showAdvanced') === 'true' && <SectionScreen def={FIRMWARE_SERVER_SCREEN} />}
      <RemoteUpdate canWrite={canWrite} update={update} />
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
