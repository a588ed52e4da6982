/** Query and command hooks of the trend screens, all derived from the contract's calls. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trendQuerySpec, type ExportTrendLogBody, type TrendInterval, type TrendKind, type TrendRange } from '@meter/contract';
import { calls } from '../../../lib/endpoint-table.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/query.ts';

/** 001 §4, §7: the export status is polled every 2 s while a file is being made. */
export const EXPORT_POLL_MS = 2000;

/** Same key as the metering screens' wiring query, so the answer is shared. */
export const useWiringType = () => useQuery({ ...endpointQuery('wiringType', { persistent: true }), staleTime: Infinity, gcTime: Infinity });

const TREND_ENDPOINT = { realtime: 'realtimeTrend', energy: 'energyTrend' } as const;

export interface TrendRowsQuery {
  parameter: string;
  frame: TrendRange;
  interval: TrendInterval;
  /** M4 cap (pixel columns); undefined asks for every bucket. */
  points?: number;
  enabled?: boolean;
}

/** The chart's rows; the previous frame stays on screen while the next loads. */
export function useTrendRows(kind: TrendKind, q: TrendRowsQuery) {
  const name = TREND_ENDPOINT[kind];
  const spec = trendQuerySpec(q.parameter, q.frame.start, q.frame.end, q.interval);
  return useQuery({
    ...endpointQuery(name, { params: { spec }, query: { points: q.points } }),
    queryKey: [name, spec, q.points],
    enabled: q.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

export const useTrendLogRange = () => useQuery(endpointQuery('trendLogRange'));

const EXPORT_STATUS = endpointQuery('trendLogExportStatus').queryKey;

export const useTrendExportStatus = () =>
  useQuery({
    ...endpointQuery('trendLogExportStatus'),
    // Only a file in the making changes by itself.
    refetchInterval: (q) => (q.state.data?.exportStat ? EXPORT_POLL_MS : false),
  });

function useExportCommand<A>(call: (arg: A) => Promise<{ value: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: EXPORT_STATUS }) });
}

/** A refusal (400) is the screen's to show: the module's message and its fields. */
export const useStartTrendExport = () => useExportCommand((body: ExportTrendLogBody) => callEndpoint(calls.exportTrendLog, { body, suppress: [400] }));
/** The screen says 001 §8's texts itself, so the generic alert stays quiet. */
export const useCancelTrendExport = () => useExportCommand(() => callEndpoint(calls.cancelTrendLogExport, { body: { value: 1 }, suppress: true }));
export const useDeleteTrendExport = () => useExportCommand(() => callEndpoint(calls.deleteTrendLogExport, { body: { value: 1 }, suppress: true }));

export function useResetTrendLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(calls.resetTrendLog, { body: { value: 1 }, suppress: true }),
    onSettled: () => client.invalidateQueries({ predicate: (q) => ['trendLogRange', 'trendLogExportStatus', 'realtimeTrend', 'energyTrend'].includes(String(q.queryKey[0])) }),
  });
}
