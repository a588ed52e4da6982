import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { TIMING, feedbackTexts } from '@meter/contract';
import { callNamed } from '../lib/endpoint-table.ts';
import { reachabilityStore } from '../lib/reachability.ts';
import { rebootStore } from '../lib/reboot-state.ts';
import { useStore } from '../lib/use-store.ts';

/**
 * "Module unreachable — reconnecting" (issue 14): from the first call that got no response until
 * the next answer. A screen without polling would never learn that the module is back, so the
 * banner asks the public system mode itself meanwhile. A reboot has its own banner.
 */
export function UnreachableBanner() {
  const { unreachable } = useStore(reachabilityStore);
  const { phase } = useStore(rebootStore);
  const shown = unreachable && phase === 'idle';
  useEffect(() => {
    if (!shown) return;
    // The request helper clears the state on any answer; a failure is already reported.
    const probe = () => void callNamed('systemMode', { token: null, suppress: true, persistent: true }).catch(() => {});
    const timer = setInterval(probe, TIMING.rebootPollMs);
    return () => clearInterval(timer);
  }, [shown]);
  return (
    // The live region stays in the page so that its text is announced when it appears.
    <div aria-live="polite">
      {shown && (
        <div className="bg-warning text-dark text-center py-2 fw-semibold">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {feedbackTexts.unreachable}
        </div>
      )}
    </div>
  );
}
