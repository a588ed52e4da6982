/** The record sections and the device's live values, as queries. */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { InspectionRecordData, InstallationRecordData } from '@meter/contract';
import { endpointQuery } from '../../lib/query.ts';

const INSTALLATION = ['recordClientInfo', 'recordInstallInfo', 'recordDeviceInstall', 'recordCtInstall', 'recordCommInstall'] as const;

/** The five sections of the installation record; data once all have loaded. */
export function useInstallationRecord(): { data: InstallationRecordData | undefined; isPending: boolean } {
  const all = useQueries({
    queries: [
      endpointQuery('recordClientInfo'),
      endpointQuery('recordInstallInfo'),
      endpointQuery('recordDeviceInstall'),
      endpointQuery('recordCtInstall'),
      endpointQuery('recordCommInstall'),
    ],
  });
  const [clientInfo, installInfo, deviceInstall, ctInstall, commInstall] = all;
  if (!clientInfo.data || !installInfo.data || !deviceInstall.data || !ctInstall.data || !commInstall.data) return { data: undefined, isPending: all.some((q) => q.isPending) };
  return {
    data: { clientInfo: clientInfo.data, installInfo: installInfo.data, deviceInstall: deviceInstall.data, ctInstall: ctInstall.data, commInstall: commInstall.data },
    isPending: false,
  };
}

export const useRecordDeviceStatus = () => useQuery(endpointQuery('recordDeviceStatus'));

/** The installation record plus commission/inspection and PT: the inspection record. */
export function useInspectionRecord(): { data: InspectionRecordData | undefined; isPending: boolean } {
  const installation = useInstallationRecord();
  const [commissionInfo, ptRecord] = useQueries({ queries: [endpointQuery('recordCommissionInfo'), endpointQuery('recordPtRecord')] });
  if (!installation.data || !commissionInfo.data || !ptRecord.data) return { data: undefined, isPending: installation.isPending || commissionInfo.isPending || ptRecord.isPending };
  return {
    data: { ...installation.data, commissionInfo: commissionInfo.data, ptRecord: ptRecord.data },
    isPending: false,
  };
}

/** Every query a record save makes stale. */
export const RECORD_QUERY_KEYS = [...INSTALLATION, 'recordCommissionInfo', 'recordPtRecord'] as const;
