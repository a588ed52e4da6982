/**
 * Remote Update (002 §4.7): Check asks the module's firmware server; step 1 offers Proceed, step -1
 * says there is nothing newer. Proceed starts the download, polled every 3 s with its percent; at
 * the end the completeness check: 'yes' goes on to processing, otherwise "Download failed, try
 * again?" and Proceed again.
 */
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { FIRMWARE_COMPLETE, FIRMWARE_POLL_MS, firmwareTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';
import type { UpdateProcess } from '../../components/firmware/use-update-process.ts';

type Step = 0 | 1 | -1;

export function RemoteUpdate({ canWrite, update }: { canWrite: boolean; update: UpdateProcess }) {
  const [step, setStep] = useState<Step>(0);
  const [offer, setOffer] = useState<{ version: string; info_link: string }>();
  const [checking, setChecking] = useState(false);
  const [percent, setPercent] = useState<number>();
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  // Set when a poll has seen the download end: a poll still on its way then (a slow reply) must not
  // end it a second time, when the module has moved on and would answer "no download".
  const ending = useRef(false);
  useEffect(() => () => clearInterval(timer.current), []);

  const check = async () => {
    setChecking(true);
    setFailed(false);
    try {
      const info = await callEndpoint(calls.checkModuleUpdate, { suppress: true });
      if ('version' in info && typeof info.version === 'string' && info.version) {
        setOffer({ version: info.version, info_link: typeof info.info_link === 'string' ? info.info_link : '' });
        setStep(1);
      } else setStep(-1);
    } catch (e) {
      if (e instanceof ApiError && !e.aborted) showAlert({ type: 'danger', message: e.value ?? t.checkFailed(String(e.status)) });
    } finally {
      setChecking(false);
    }
  };

  const downloadFailed = async () => {
    setPercent(undefined);
    setFailed(true);
    update.setBusy(false);
    // The reason is in the update log.
    const info = await callEndpoint(calls.fwUpdateInfo, { suppress: true }).catch(() => undefined);
    if (info) update.setLog(info.output);
  };

  const ended = async () => {
    if (ending.current) return;
    ending.current = true;
    clearInterval(timer.current);
    try {
      const { value } = await callEndpoint(calls.isFirmwareComplete, { suppress: true });
      if (value !== FIRMWARE_COMPLETE) return void (await downloadFailed());
    } catch {
      return void (await downloadFailed());
    }
    setPercent(undefined);
    update.setBusy(false);
    await update.process(() => setStep(0));
  };

  const poll = async () => {
    try {
      const s = await callEndpoint(calls.downloadStatus, { suppress: true });
      // A reply that comes after the end changes nothing (it would draw the bar again at 0%).
      if (ending.current) return;
      setPercent(s.value);
      if (s.state !== 'downloading' || s.value >= 100) await ended();
    } catch {
      // A lost poll is retried by the next one.
    }
  };

  const proceed = async () => {
    ending.current = false;
    setFailed(false);
    update.setLog('');
    try {
      await callEndpoint(calls.remoteDownload, { suppress: true });
    } catch (e) {
      if (e instanceof ApiError && !e.aborted) showAlert({ type: 'danger', message: e.value ?? t.downloadFailed });
      return;
    }
    update.setBusy(true);
    setPercent(0);
    timer.current = setInterval(() => void poll(), FIRMWARE_POLL_MS);
    void poll();
  };

  const downloading = percent !== undefined;
  const busy = downloading || update.updating;
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        {t.remoteUpdate}
      </Card.Header>
      <Card.Body>
        {step === -1 && <p>{t.noUpdate}</p>}
        {step === 1 && offer && (
          <p>
            {t.updateAvailable(offer.version)}
            {offer.info_link && (
              <>
                {' '}
                <a href={offer.info_link} target="_blank" rel="noreferrer">
                  {t.releaseNotes}
                </a>
              </>
            )}
          </p>
        )}
        {downloading && (
          <div className="mb-2" style={{ maxWidth: 480 }}>
            <div className="small">{t.downloading}</div>
            {/* As a child bar, so the name lands on the element with the progressbar role. */}
            <ProgressBar>
              <ProgressBar now={percent} label={`${percent}%`} aria-label={t.downloading} />
            </ProgressBar>
          </div>
        )}
        {failed && (
          <p className="text-danger" role="alert">
            {t.downloadFailed}
          </p>
        )}
        {canWrite && (
          <div className="d-flex gap-2">
            <Button variant={step === 1 ? 'secondary' : 'primary'} onClick={() => void check()} disabled={checking || busy}>
              {t.check}
            </Button>
            {step === 1 && (
              <Button onClick={() => void proceed()} disabled={busy}>
                {t.proceed}
              </Button>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
