/**
 * Reading › Log › Trend Log › Energy log (001 §2, §3, §9): EP, EQ, ES per bucket (differences of
 * the cumulative registers), up to 4 of the 22 channels.
 */
import { ENERGY_PARAMETER_LABELS, ENERGY_TREND_PARAMETERS, ENERGY_TREND_PRESETS, ENERGY_UNITS, displayName, routeByName } from '@meter/contract';
import { Loading } from '../../components/loading.tsx';
import { TrendLogView, type TrendScreenConfig } from './components/trend-log-view.tsx';
import { useDeviceClock } from './use-device-clock.ts';

const CONFIG: TrendScreenConfig = {
  kind: 'energy',
  title: displayName(routeByName('Reading, Log, Trend Log, Energy log')),
  presets: ENERGY_TREND_PRESETS,
  defaultPreset: 'Today',
  parameters: ENERGY_TREND_PARAMETERS,
  defaultParameter: 'EP',
  parameterLabels: ENERGY_PARAMETER_LABELS,
  units: ENERGY_UNITS,
};

export default function EnergyLog() {
  const clock = useDeviceClock();
  if (!clock.ready) return <Loading />;
  return <TrendLogView config={CONFIG} zone={clock.zone} nowSeconds={clock.nowSeconds} />;
}
