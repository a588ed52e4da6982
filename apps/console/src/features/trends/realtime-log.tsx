/**
 * Reading › Log › Trend Log › Realtime log (001 §2, §4, §9): VLN … VTHD from the 1-second store;
 * the wiring decides whether line-to-neutral voltage is offered (001 §4).
 */
import { REALTIME_PARAMETER_LABELS, REALTIME_TREND_PRESETS, REALTIME_UNITS, displayName, realtimeTrendParameters, routeByName } from '@meter/contract';
import { Loading } from '../../components/loading.tsx';
import { useWiringType } from './api/use-trends.ts';
import { TrendLogView, type TrendScreenConfig } from './components/trend-log-view.tsx';
import { useDeviceClock } from './use-device-clock.ts';

const TITLE = displayName(routeByName('Reading, Log, Trend Log, Realtime log'));

export default function RealtimeLog() {
  const clock = useDeviceClock();
  const wiring = useWiringType();
  // Presets start from the device's time and the parameters from the wiring: wait for both.
  if (!clock.ready || wiring.isPending) return <Loading />;
  // A failed wiring call was reported; every parameter is offered then.
  const parameters = realtimeTrendParameters(wiring.data?.mcStatus ?? -1, wiring.data?.WiringType ?? -1);
  const config: TrendScreenConfig = {
    kind: 'realtime',
    title: TITLE,
    presets: REALTIME_TREND_PRESETS,
    defaultPreset: 'Last 1 Hour',
    parameters: parameters.options,
    defaultParameter: parameters.default,
    parameterLabels: REALTIME_PARAMETER_LABELS,
    units: REALTIME_UNITS,
  };
  return <TrendLogView config={config} zone={clock.zone} nowSeconds={clock.nowSeconds} />;
}
