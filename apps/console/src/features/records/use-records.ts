/** The record sections and the device's live values, as queries. */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { InspectionRecordData, InstallationRecordData } from '@meter/contract';
import { endpointQuery } from '../../lib/query.ts';

const INSTALLATION = ['recordClientInfo', 'recordInstallInfo', 'recordDeviceInstall', 'recordCtInstall', 'recordCommInstall'] as const;

/** The five sections of the installation record; data once all have loaded. */
export function useInstallationRecord(): { data: InstallationRecordData | undefined; isPending: boolean } {
  const [clientInfo, installInfo, deviceInstall, ctInstall, commInstall] = useQueries({ queries: INSTALLATION.map((n) => endpointQuery(n)) });
  const all = [clientInfo, installInfo, deviceInstall, ctInstall, commInstall];
  if (all.some((q) => !q!.data)) return { data: undefined, isPending: all.some((q) => q!.isPending) };
  return {
    data: {
      clientInfo: clientInfo!.data as InstallationRecordData['clientInfo'],
      installInfo: installInfo!.data as InstallationRecordData['installInfo'],
      deviceInstall: deviceInstall!.data as InstallationRecordData['deviceInstall'],
      ctInstall: ctInstall!.data as InstallationRecordData['ctInstall'],
      commInstall: commInstall!.data as InstallationRecordData['commInstall'],
    },
    isPending: false,
  };
}

export const useRecordDeviceStatus = () => useQuery(endpointQuery('recordDeviceStatus'));

/** The installation record plus commission/inspection and PT: the inspection record. */
export function useInspectionRecord(): { data: InspectionRecordData | undefined; isPending: boolean } {
  const installation = useInstallationRecord();
  const [commissionInfo, ptRecord] = useQueries({ queries: [endpointQuery('recordCommissionInfo'), endpointQuery('recordPtRecord')] });
  if (!installation.data || !commissionInfo!.data || !ptRecord!.data) return { data: undefined, isPending: installation.isPending || commissionInfo!.isPending || ptRecord!.isPending };
  return {
    data: { ...installation.data, commissionInfo: commissionInfo!.data as InspectionRecordData['commissionInfo'], ptRecord: ptRecord!.data as InspectionRecordData['ptRecord'] },
    isPending: false,
  };
}

/** Every query a record save makes stale. */
export const RECORD_QUERY_KEYS = [...INSTALLATION, 'recordCommissionInfo', 'recordPtRecord'] as const;
