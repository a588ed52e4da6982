import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meteringTexts, serverMessages, type IoReply } from '@meter/contract';
import { calls } from '../../../lib/endpoint-table.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { showAlert } from '../../../lib/alerts.ts';
import { endpointQuery } from '../../../lib/query.ts';
import { toggledRelays, withRelays } from '../io-rows.ts';
import { READINGS_REFRESH_MS } from './readings-polling.ts';

const ioQuery = () => endpointQuery('io');

export const useIo = () => useQuery({ ...ioQuery(), refetchInterval: READINGS_REFRESH_MS });

/** 000 §4 relay toggle: send both states with one flipped; on 'Success' show the new state and say so. */
export function useToggleRelay() {
  const client = useQueryClient();
  const { queryKey } = ioQuery();
  return useMutation({
    mutationFn: async ({ io, index }: { io: IoReply; index: number }) => {
      // A poll already under way would bring back the state from before the command.
      await client.cancelQueries({ queryKey });
      const body = toggledRelays(io.ro, index);
      const reply = await callEndpoint(calls.setRO, { body });
      return { body, ok: reply.value === serverMessages.success };
    },
    onSuccess: ({ body, ok }, { index }) => {
      // Any other answer changed nothing we know of: the next reading is the device's word.
      if (!ok) return client.invalidateQueries({ queryKey });
      client.setQueryData(queryKey, (old: IoReply | undefined) => old && withRelays(old, body));
      showAlert({ type: 'success', message: meteringTexts.relayToggled(index + 1) });
    },
    onError: () => client.invalidateQueries({ queryKey }),
  });
}
