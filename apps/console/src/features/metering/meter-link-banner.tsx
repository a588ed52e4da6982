/**
 * "Meter not responding since hh:mm:ss" (issue 26, ours: contract meterLinkTexts) on every
 * Reading › Metering screen while the real meter behind the module does not answer; the rows
 * meanwhile show '-'. The simulator always answers, so the banner never shows on it.
 */
import { useQuery } from '@tanstack/react-query';
import { TIMING, meterLinkTexts } from '@meter/contract';
import { endpointQuery } from '../../lib/query.ts';

/** The module marks the meter stale within 5 s; the banner follows within two more. */
const LINK_POLL_MS = 2 * TIMING.clockTickMs;

export function MeterLinkBanner() {
  const link = useQuery({ ...endpointQuery('meterLink'), refetchInterval: LINK_POLL_MS });
  const since = link.data?.since;
  return (
    // The live region stays in the page so that its text is announced when it appears.
    <div aria-live="polite">
      {since && (
        <div className="alert alert-danger py-2 mb-3" role="alert" data-testid="meter-link-banner">
          {meterLinkTexts.notResponding(since)}
        </div>
      )}
    </div>
  );
}
