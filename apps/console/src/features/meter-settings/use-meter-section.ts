/**
 * What every meter settings screen loads (001 §3): settings/deviceInfo, command/getMCStatus,
 * settings/meter (for the context) and its own section; the MeterContext built from them, the
 * sealed fields of the section, and the save of 001 §4 "Settings saves": re-read the seal first,
 * and when it changed under the screen show 'Seal Status Changed' and save nothing.
 */
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, meterContextFrom, meterSettingsTexts, sealedFields, type MeterContext, type MeterSettingsSection } from '@meter/contract';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { openModal } from '../../lib/modal.ts';
import { endpointQuery } from '../../lib/query.ts';

export type SectionEndpoint = 'meterSettings' | 'userCtConfig' | 'ioConfig' | 'alarmConfig';

/** Re-reads the seal; throws a silent (aborted) error after showing the modal when it changed. */
export async function checkSealUnchanged(heldStatus: number): Promise<void> {
  const info = await callEndpoint(endpoints.deviceInfo, { suppress: true });
  if (info.meterSealStatus === heldStatus) return;
  openModal({
    title: meterSettingsTexts.sealStatusChanged,
    body: meterSettingsTexts.refreshWebpage,
    buttons: [{ text: 'OK', type: 'primary', dismiss: true }],
  });
  throw new ApiError(0, undefined, undefined, true);
}

export function useMeterContext() {
  const info = useQuery(endpointQuery('deviceInfo'));
  const mc = useQuery(endpointQuery('mcStatus'));
  const settings = useQuery(endpointQuery('meterSettings'));
  const ctx = useMemo<MeterContext | undefined>(
    () =>
      info.data && mc.data && settings.data ? meterContextFrom({ deviceInfo: info.data, mcStatus: mc.data.mcStatus, meterSettings: settings.data }) : undefined,
    [info.data, mc.data, settings.data],
  );
  return {
    pending: info.isPending || mc.isPending || settings.isPending,
    ctx,
    sealStatus: info.data?.meterSealStatus ?? 0,
    meterSettings: settings.data,
  };
}

/** The section's data, context and sealed keys, and `save(body)`: seal check, then PUT. */
export function useMeterSection<N extends SectionEndpoint>(name: N, section: MeterSettingsSection) {
  const client = useQueryClient();
  const base = useMeterContext();
  const own = useQuery({ ...(endpointQuery(name as 'userCtConfig') as unknown as ReturnType<typeof endpointQuery<'meterSettings'>>), enabled: name !== 'meterSettings' });
  const data = name === 'meterSettings' ? base.meterSettings : own.data;
  const sealed = useMemo(() => new Set(base.ctx ? sealedFields(section, base.ctx) : []), [base.ctx, section]);
  const saveName = SAVE_OF[name];
  const save = async (body: unknown): Promise<void> => {
    await checkSealUnchanged(base.sealStatus);
    await callEndpoint(endpoints[saveName], { body: body as never, suppress: true });
    await client.invalidateQueries({ queryKey: [name] });
  };
  return {
    pending: base.pending || (name !== 'meterSettings' && own.isPending),
    ctx: base.ctx,
    data: data as Record<string, unknown> | undefined,
    sealed,
    save,
  };
}

const SAVE_OF = {
  meterSettings: 'saveMeterSettings',
  userCtConfig: 'saveUserCtConfig',
  ioConfig: 'saveIoConfig',
  alarmConfig: 'saveAlarmConfig',
} as const;
