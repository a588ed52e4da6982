import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TIMING } from '@meter/contract';
import { endpointQuery } from '../lib/query.ts';
import { endRebootWait, rebootStore } from '../lib/reboot-state.ts';
import { useStore } from '../lib/use-store.ts';

/** Reads the system mode at start and, while a reboot is awaited, every 3 s until it answers (000 §2, §4). */
export function useRebootWatch(): void {
  const { phase, since } = useStore(rebootStore);
  const waiting = phase === 'waiting';
  const mode = useQuery({
    ...endpointQuery('systemMode', { persistent: true, suppress: waiting }),
    refetchInterval: waiting ? TIMING.rebootPollMs : false,
  });
  useEffect(() => {
    if (waiting && mode.isSuccess && mode.dataUpdatedAt > since) endRebootWait();
  }, [waiting, since, mode.isSuccess, mode.dataUpdatedAt]);
}
