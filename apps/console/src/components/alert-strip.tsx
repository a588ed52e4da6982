import { useLayoutEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { alertStore, closeAlert } from '../lib/alerts.ts';
import { progressStore } from '../lib/progress.ts';
import { useStore } from '../lib/use-store.ts';

/** How far above the window's bottom the strip sits: clear of a save bar on screen (it may stick to the bottom or sit above the footer). */
function useAboveSaveBar(shown: boolean): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    if (!shown) return;
    const place = () => {
      const tops = [...document.querySelectorAll('.save-bar')].map((b) => b.getBoundingClientRect().top).filter((top) => top < window.innerHeight);
      setBottom(tops.length ? Math.max(0, Math.ceil(window.innerHeight - Math.min(...tops))) : 0);
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [shown]);
  return bottom;
}

/**
 * The global alert strip: each alert stays while its countdown is above 0 or until closed (000 §4).
 * It sits at the bottom of the window (issue 28: a toast never covers the page's heading), above a
 * settings form's sticky save bar (layout.css), with the progress of a task whose own progress has
 * scrolled out of view (lib/progress.ts).
 */
export function AlertStrip() {
  const alerts = useStore(alertStore);
  const progress = useStore(progressStore);
  const shown = alerts.length > 0 || progress.length > 0;
  const bottom = useAboveSaveBar(shown);
  if (!shown) return null;
  return (
    <div className="alert-strip" style={{ bottom }}>
      {progress.map((p) => (
        <div key={p.key} className="toast-progress bg-body border rounded shadow-sm p-2 mb-2">
          <div className="small mb-1">{p.label}</div>
          {/* The name goes on the element with the progressbar role (a child bar), not on its track. */}
          <ProgressBar>
            <ProgressBar now={p.percent} label={`${p.percent}%`} aria-label={p.label} animated />
          </ProgressBar>
        </div>
      ))}
      {alerts.map((a) => (
        <Alert key={a.id} variant={a.type} dismissible onClose={() => closeAlert(a.slot)} className="shadow-sm mb-2" role="alert">
          {a.message}
          {a.countdown && (
            <>
              {a.message.endsWith(' ') ? '' : ' '}
              <strong>{a.remaining}</strong>s
            </>
          )}
        </Alert>
      ))}
    </div>
  );
}
