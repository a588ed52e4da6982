/**
 * The shared diagnostic call pattern (002 §7.7): PATCH diagnose/{name}CMD, then GET
 * diagnose/{name}Output every 2 s while the run goes on (000 §8 "Diagnostic poll 2 s").
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError } from '../../lib/api.ts';
import { endpointQuery } from '../../lib/query.ts';

type OutputName = 'networkStatusOutput' | 'hostLookupOutput' | 'connectionTestOutput';

export function useDiagnose<N extends OutputName>(output: N) {
  const client = useQueryClient();
  const [started, setStarted] = useState(false);
  const query = useQuery({
    ...endpointQuery(output),
    refetchInterval: (q) => ((q.state.data as { running?: boolean } | undefined)?.running ? TIMING.diagnosticPollMs : false),
  });

  /** Starts a run with its command call; the module's refusal (one run at a time) is shown as it says. */
  const start = async (command: () => Promise<unknown>) => {
    try {
      await command();
      setStarted(true);
      await client.invalidateQueries({ queryKey: [output] });
    } catch (e) {
      if (e instanceof ApiError && !e.aborted && e.value) showAlert({ type: 'danger', message: e.value });
    }
  };
  const running = (query.data as { running?: boolean } | undefined)?.running ?? false;
  return { data: query.data, running, started, start };
}
