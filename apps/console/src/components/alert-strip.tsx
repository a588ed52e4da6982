import Alert from 'react-bootstrap/Alert';
import { alertStore, closeAlert } from '../lib/alerts.ts';
import { useStore } from '../lib/use-store.ts';

/** The global alert strip: each alert stays while its countdown is above 0 or until closed (000 §4). */
export function AlertStrip() {
  const alerts = useStore(alertStore);
  if (alerts.length === 0) return null;
  return (
    // Below the Rebooting banner, which must stay readable during the restart countdown.
    <div className="position-fixed top-0 start-50 translate-middle-x" style={{ zIndex: 1080, width: 'min(640px, 95vw)', marginTop: '3rem' }}>
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
