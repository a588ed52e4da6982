/** Pure rules of the meter settings screens (unit-tested). */
import { AREA_MASK, alarmParameterOptions, alarmSetPointOptions, alarmSettingOptions, canRead, routeByName, type MeterContext } from '@meter/contract';

/** 001 "Meter General settings": where the page sends users whose permission lies elsewhere. */
export function generalRedirect(permission: number): string | undefined {
  const maintenance = canRead(permission, AREA_MASK.maintenance);
  const configuration = canRead(permission, AREA_MASK.configuration);
  if (maintenance && !configuration) return routeByName('Settings, Management').path;
  if (!maintenance && !configuration && canRead(permission, AREA_MASK.userConfig)) return routeByName('System Settings, User Management').path;
  return undefined;
}

/** A non-input setpoint after a type change from Digital Input (its ON/OFF means nothing as a %). */
export const DEFAULT_SETPOINT = 100;

/** Parameter, setting and setpoint valid for a new type: kept when still offered, else the first offered. */
export function normaliseRow(ctx: MeterContext, type: number, row: { param: string; setting: string; setPoint: string }) {
  const params = alarmParameterOptions(type, ctx);
  const settings = alarmSettingOptions(type);
  const setPoints = alarmSetPointOptions(type);
  const keep = (v: string, options: readonly { value: number }[]) => (options.some((o) => String(o.value) === v) ? v : String(options[0]?.value ?? ''));
  const numeric = row.setPoint.trim() !== '' && Number.isFinite(Number(row.setPoint));
  return {
    param: keep(row.param, params),
    setting: keep(row.setting, settings),
    setPoint: setPoints ? keep(row.setPoint, setPoints) : numeric ? row.setPoint : String(DEFAULT_SETPOINT),
  };
}
