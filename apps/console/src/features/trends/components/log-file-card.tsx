/**
 * 'Log File' (001 §4): the export file's state — none, generating, compressing, ready — with its
 * status text, progress, and the file (name, size, download link) once ready. Stop and Delete
 * are edit controls (001 §1), shown to those who may generate.
 */
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { trendExportState, trendTexts, type TrendExportStatus } from '@meter/contract';
import { calls } from '../../../lib/endpoint-table.ts';
import { ApiError, fileLink, openFileLink } from '../../../lib/api.ts';
import { PROGRESS_DOTS_MS, exportProgress, exportSizeText, exportStatusText, isBusy } from '../export-file.ts';

interface Props {
  status: TrendExportStatus | undefined;
  canEdit: boolean;
  busy: boolean;
  onStop: () => void;
  onDelete: () => void;
}

function useDotsTick(active: boolean): number {
  const [tick, setTick] = useState(2);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setTick((n) => n + 1), PROGRESS_DOTS_MS);
    return () => clearInterval(t);
  }, [active]);
  return tick;
}

/** The file's link: opened with a download ticket, so the session token never travels in its URL. */
function FileLink({ fileName }: { fileName: string }) {
  const url = fileLink(calls.trendLogFile.path, { params: { fileName } });
  return (
    <a
      href={url}
      download={fileName}
      onClick={(e) => {
        e.preventDefault();
        // A refusal has already been shown by the request helper.
        openFileLink(url, fileName, calls.downloadTicket).catch((err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
        });
      }}
    >
      {fileName}
    </a>
  );
}

export function LogFileCard({ status, canEdit, busy, onStop, onDelete }: Props) {
  const state = status ? trendExportState(status) : undefined;
  const working = state !== undefined && isBusy(state);
  const tick = useDotsTick(working);
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6">
        {trendTexts.logFile}
      </Card.Header>
      <Card.Body>
        {/* The dots change every 0.8 s: announced once by state, not on every frame. */}
        <p className="mb-2" aria-live="polite" aria-atomic="true" data-state={state}>
          {state ? exportStatusText(state, tick) : '\u00a0'}
        </p>
        {status && working && (
          <div className="d-flex align-items-center gap-3 mb-2">
            <ProgressBar className="flex-grow-1" now={exportProgress(status)} label={`${exportProgress(status)}%`} aria-label="Progress" style={{ maxWidth: 480 }} animated />
            <span className="small text-muted">{exportSizeText(status)}</span>
            {canEdit && (
              <Button size="sm" variant="outline-danger" disabled={busy} onClick={onStop}>
                Stop
              </Button>
            )}
          </div>
        )}
        {status && state === 'ready' && (
          <div className="d-flex flex-wrap align-items-center gap-3">
            <FileLink fileName={status.exportFileName} />
            <span className="small text-muted">{exportSizeText(status)}</span>
            {canEdit && (
              <Button size="sm" variant="outline-danger" disabled={busy} onClick={onDelete}>
                Delete
              </Button>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
