/** Query and command hooks of the log screens, all derived from the contract's calls. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataLogId, type LogQueryParams } from '@meter/contract';
import { calls } from '../../../lib/endpoint-table.ts';
import { callEndpoint, download } from '../../../lib/api.ts';
import { useMayCall } from '../../../lib/permissions.ts';
import { endpointQuery } from '../../../lib/query.ts';

export const useAlarmLog = () => useQuery(endpointQuery('alarmLog'));

/** The tab's plain list (the paged form answers only a window query). */
export const useMeterEventLog = () => useQuery({ ...endpointQuery('meterEventLog'), select: (d) => (Array.isArray(d) ? d : d.eventLogs) });

const MODULE_EVENT_LOG = 'moduleEventLog';
const METER_EVENT_LOG_PAGE = 'meterEventLogPage';

/** One window of the filtered log; the previous page stays on screen while the next loads. */
export const useModuleEventLog = (query: LogQueryParams) =>
  useQuery({ ...endpointQuery(MODULE_EVENT_LOG, { query }), queryKey: [MODULE_EVENT_LOG, query], placeholderData: keepPreviousData });

/** The maintenance page's window of the meter event log (a window query always answers a page). */
export const useMeterEventLogPage = (query: LogQueryParams) =>
  useQuery({
    ...endpointQuery('meterEventLog', { query }),
    queryKey: [METER_EVENT_LOG_PAGE, query],
    placeholderData: keepPreviousData,
    select: (d) => (Array.isArray(d) ? { count: d.length, eventLogs: d } : d),
  });

function useClearLog(endpoint: typeof calls.clearModuleEventLog | typeof calls.clearMeterEventLog, queryKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endpoint, { body: { value: 1 } }),
    onSettled: () => client.invalidateQueries({ queryKey: [queryKey] }),
  });
}
export const useClearModuleEventLog = () => useClearLog(calls.clearModuleEventLog, MODULE_EVENT_LOG);
export const useClearMeterEventLog = () => useClearLog(calls.clearMeterEventLog, METER_EVENT_LOG_PAGE);

/** Asks the module for the CSV, then downloads it by its name (never by a path from the reply). */
async function exportLog(
  exportEndpoint: typeof calls.exportModuleEventLog | typeof calls.exportMeterEventLog,
  file: typeof calls.moduleEventLogFile | typeof calls.meterEventLogFile,
): Promise<void> {
  const { filePath } = await callEndpoint(exportEndpoint, { body: { action: 'export' } });
  const fileName = decodeURIComponent(filePath.split('/').pop() ?? '');
  await download(file.path, { params: { fileName } });
}
export const exportModuleEventLog = () => exportLog(calls.exportModuleEventLog, calls.moduleEventLogFile);
export const exportMeterEventLog = () => exportLog(calls.exportMeterEventLog, calls.meterEventLogFile);

export const useDataLogFiles = (id: DataLogId) => useQuery(endpointQuery('dataLogFiles', { params: { id } }));

export function useDeleteDataLogFiles(id: DataLogId) {
  const client = useQueryClient();
  return useMutation({
    // The screen reports a failure with 001's own text, so the generic alert stays quiet.
    mutationFn: (names: string[]) => callEndpoint(calls.deleteDataLogFiles, { params: { id }, body: names, suppress: true }),
    onSettled: () => client.invalidateQueries({ queryKey: endpointQuery('dataLogFiles', { params: { id } }).queryKey }),
  });
}

export const downloadDataLogFile = (id: DataLogId, filename: string) => download(calls.dataLogFile.path, { params: { id, filename } });

/**
 * Whether a data log is on (issue 28: its empty list says why): Data Log 1 to 3 from the data log
 * settings, AcuCloud's from its own. Undefined while unknown, or for a user who may not read them.
 */
export function useDataLogEnabled(id: DataLogId): boolean | undefined {
  const cloud = id === 'ac';
  const mayReadLogs = useMayCall(calls.dataLogConfig);
  const mayReadCloud = useMayCall(calls.acuCloudConfig);
  const logs = useQuery({ ...endpointQuery('dataLogConfig'), enabled: !cloud && mayReadLogs });
  const acuCloud = useQuery({ ...endpointQuery('acuCloudConfig'), enabled: cloud && mayReadCloud });
  if (cloud) return acuCloud.data?.enable;
  return logs.data?.[`dataLog${id}`].enable;
}
