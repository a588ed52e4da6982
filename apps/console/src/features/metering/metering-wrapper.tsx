/**
 * 001 Metering wrapper: every Reading › Metering screen gets the wiring info, loaded once, and
 * the banner of a real meter that stopped answering (MeterLinkBanner).
 * Emergency mode (system mode 2) needs nothing here: the route table marks Reading as 'normal',
 * so the router already forwards every metering path to Settings, Emergency.
 */
import type { ComponentType } from 'react';
import { Loading } from '../../components/loading.tsx';
import { useWiringInfo } from './api/use-wiring-info.ts';
import { MeterLinkBanner } from './meter-link-banner.tsx';
import { FALLBACK_WIRING, type WiringInfo } from './wiring-rules.ts';

export interface MeteringScreenProps {
  wiring: WiringInfo;
}

export function withMeteringWrapper(Screen: ComponentType<MeteringScreenProps>): ComponentType {
  function MeteringWrapper() {
    const info = useWiringInfo();
    // Waiting avoids drawing rows the wiring then removes; a failed call was already reported.
    if (info.isPending) return <Loading />;
    return (
      <>
        <MeterLinkBanner />
        <Screen wiring={info.data ?? FALLBACK_WIRING} />
      </>
    );
  }
  MeteringWrapper.displayName = `MeteringWrapper(${Screen.displayName ?? Screen.name})`;
  return MeteringWrapper;
}
