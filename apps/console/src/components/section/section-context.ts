/**
 * The device context a section's rules are built under (SectionContexts in the contract): none,
 * or the meter's, loaded from settings/deviceInfo, command/getMCStatus and settings/meter (001 §3).
 * The meter's also re-reads the seal before a save (001 §4 "Settings saves").
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meterContextFrom, meterSettingsTexts, type AnyContext, type MeterContext, type SectionContextKind } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { openModal } from '../../lib/modal.ts';
import { endpointQuery } from '../../lib/query.ts';

/** Re-reads the seal; throws a silent (aborted) error after showing the modal when it changed. */
export async function checkSealUnchanged(heldStatus: number): Promise<void> {
  const info = await callEndpoint(calls.deviceInfo, { suppress: true });
  if (info.meterSealStatus === heldStatus) return;
  openModal({
    title: meterSettingsTexts.sealStatusChanged,
    body: meterSettingsTexts.refreshWebpage,
    buttons: [{ text: 'OK', type: 'primary', dismiss: true }],
  });
  throw new ApiError(0, undefined, undefined, true);
}

export function useMeterContext(enabled = true) {
  const info = useQuery({ ...endpointQuery('deviceInfo'), enabled });
  const mc = useQuery({ ...endpointQuery('mcStatus'), enabled });
  const settings = useQuery({ ...endpointQuery('meterSettings'), enabled });
  const ctx = useMemo<MeterContext | undefined>(
    () => (info.data && mc.data && settings.data ? meterContextFrom({ deviceInfo: info.data, mcStatus: mc.data.mcStatus, meterSettings: settings.data }) : undefined),
    [info.data, mc.data, settings.data],
  );
  return {
    pending: enabled && (info.isPending || mc.isPending || settings.isPending),
    ctx,
    sealStatus: info.data?.meterSealStatus ?? 0,
    meterSettings: settings.data,
  };
}

export interface SectionContextState {
  pending: boolean;
  /** Loaded (or not needed); a failed load has been reported by the request helper. */
  ready: boolean;
  ctx: AnyContext;
  /** Runs before the PUT; throws to cancel it. */
  beforeSave: () => Promise<void>;
}

export function useSectionContext(kind: SectionContextKind): SectionContextState {
  const meter = useMeterContext(kind === 'meter');
  if (kind === 'none') return { pending: false, ready: true, ctx: undefined, beforeSave: async () => {} };
  return { pending: meter.pending, ready: meter.ctx !== undefined, ctx: meter.ctx, beforeSave: () => checkSealUnchanged(meter.sealStatus) };
}
