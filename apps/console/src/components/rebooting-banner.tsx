import Spinner from 'react-bootstrap/Spinner';
import { shellTexts } from '@meter/contract';
import { rebootStore } from '../lib/reboot-state.ts';
import { useStore } from '../lib/use-store.ts';

/** Visible while the reboot state is on (000 §2 root shell). */
export function RebootingBanner() {
  const { phase } = useStore(rebootStore);
  if (phase === 'idle') return null;
  return (
    <div className="bg-warning text-dark text-center py-2 fw-semibold" role="status">
      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      {shellTexts.rebooting}
    </div>
  );
}
