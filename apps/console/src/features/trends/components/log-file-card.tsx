/**
 * 'Log File' (001 §4): the export file's state — none, generating, compressing, ready — with its
 * status text, progress, and the file (name, size, download link) once ready. Stop and Delete
 * are edit controls (001 §1), shown to those who may generate.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { feedbackTexts, trendExportState, trendTexts, type TrendExportStatus } from '@meter/contract';
import { calls } from '../../../lib/endpoint-table.ts';
import { ApiError, fileLink, openFileLink } from '../../../lib/api.ts';
import { clearProgress, showProgress } from '../../../lib/progress.ts';
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

/** Whether the element is on screen (IntersectionObserver); taken as on screen until first reported. */
function useInView(el: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const io = new IntersectionObserver(([e]) => setInView(e?.isIntersecting ?? true));
    io.observe(node);
    return () => io.disconnect();
  }, [el]);
  return inView;
}

const PROGRESS_KEY = 'trend-log-file';

export function LogFileCard({ status, canEdit, busy, onStop, onDelete }: Props) {
  const state = status ? trendExportState(status) : undefined;
  const working = state !== undefined && isBusy(state);
  const tick = useDotsTick(working);
  // Issue 28: while the file is made and this card is scrolled away (the Log Param card above it
  // is long), its progress stays in view in the toast area.
  const line = useRef<HTMLParagraphElement>(null);
  const inView = useInView(line);
  const percent = status && working ? exportProgress(status) : undefined;
  useEffect(() => {
    if (percent === undefined || inView) clearProgress(PROGRESS_KEY);
    else showProgress({ key: PROGRESS_KEY, label: feedbackTexts.trendFileProgress, percent });
  }, [percent, inView]);
  useEffect(() => () => clearProgress(PROGRESS_KEY), []);
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6">
        {trendTexts.logFile}
      </Card.Header>
      <Card.Body>
        {/* The dots change every 0.8 s: announced once by state, not on every frame. */}
        <p ref={line} className="mb-2" aria-live="polite" aria-atomic="true" data-state={state}>
          {state ? exportStatusText(state, tick) : '\u00a0'}
        </p>
        {status && working && (
          <div className="d-flex align-items-center gap-3 mb-2">
            {/* Named on the element with the progressbar role (a child bar), not on its track. */}
            <ProgressBar className="flex-grow-1" style={{ maxWidth: 480 }}>
              <ProgressBar now={exportProgress(status)} label={`${exportProgress(status)}%`} aria-label="Progress" animated />
            </ProgressBar>
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
