/**
 * Settings › Network Diagnostic › Networking Status (002 §2.14): Ethernet, routing table, DNS,
 * network statistics and the Wi-Fi link when wlan0 exists, read again with Refresh.
 */
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { networkDiagnosticTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { callEndpoint } from '../../lib/api.ts';
import { useDiagnose } from './use-diagnose.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

export default function NetworkStatus() {
  const { data, running, start } = useDiagnose('networkStatusOutput');
  const refresh = () => void start(() => callEndpoint(calls.networkStatusCmd, { body: { command: 'refresh' }, suppress: true }));
  const first = useRef(true);
  useEffect(() => {
    // The page shows the status on arrival, as if Refresh had been pressed.
    if (first.current) refresh();
    first.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section>
      <ScreenTitle className="h4">{t.networkStatus}</ScreenTitle>
      <Button onClick={refresh} disabled={running}>
        {t.refresh}
      </Button>
      <pre role="log" className="mt-3 p-2 bg-body-tertiary border small" style={{ whiteSpace: 'pre-wrap', minHeight: '8rem' }} aria-label="Output" aria-busy={running}>
        {data?.output}
      </pre>
    </section>
  );
}
