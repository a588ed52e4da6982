/**
 * What one publication carries (docs/decisions.md, MQTT): the facility id, the time, and the
 * values the five masks select, named like the data logger's columns so a subscriber reads
 * the same labels as the CSV files. Energy, demand and I/O read the registers; power quality
 * gives the THD of the phase voltages and currents.
 */
import { REALTIME_MASK_BITS, TREND_PARAM_BITS, round, type MqttConfig } from '@meter/contract';
import { PHASES, type MeterSnapshot, type ReadingSource } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT } from '../../meter/registers/sampling.ts';
import { realTimeColumns } from '../datalog/columns.ts';

export interface MqttPayload {
  facilityId: string;
  /** Unix seconds. */
  timestamp: number;
  /** ISO 8601, UTC. */
  time: string;
  values: Record<string, number | string>;
}

const PHASE_NAMES = ['A', 'B', 'C'] as const;
const has = (mask: number, bit: number) => (mask & bit) !== 0;

export function buildPayload(meter: ReadingSource, topic: MqttConfig['topic'], facilityId: string, atMs: number): MqttPayload {
  const snap: MeterSnapshot = meter.snapshot(atMs);
  const values: Record<string, number | string> = {};
  for (const col of realTimeColumns(topic.realTimeMask & (Object.values(REALTIME_MASK_BITS) as number[]).reduce((a, b) => a | b, 0))) values[col.header] = col.value(snap);

  const energy = meter.energy(SYSTEM_SLOT);
  const [eImp, eReact, eApp] = TREND_PARAM_BITS.energy;
  if (energy) {
    if (has(topic.energyMask, eImp.bit)) values['System Import Active Energy (kWh)'] = round(energy.importActive, 3);
    if (has(topic.energyMask, eReact.bit)) values['System Import Reactive Energy (kvarh)'] = round(energy.importReactive, 3);
    if (has(topic.energyMask, eApp.bit)) values['System Apparent Energy (kVAh)'] = round(energy.apparent, 3);
  }

  const demand = meter.demand(SYSTEM_SLOT);
  if (demand) {
    // DemandView entries: current A, kW, kvar, kVA.
    const [dP, dQ, dS, dI] = TREND_PARAM_BITS.demand;
    if (has(topic.demandMask, dP.bit)) values['System Active Power Demand (kW)'] = round(demand.demand[1] ?? 0, 3);
    if (has(topic.demandMask, dQ.bit)) values['System Reactive Power Demand (kvar)'] = round(demand.demand[2] ?? 0, 3);
    if (has(topic.demandMask, dS.bit)) values['System Apparent Power Demand (kVA)'] = round(demand.demand[3] ?? 0, 3);
    if (has(topic.demandMask, dI.bit)) values['System Current Demand (A)'] = round(demand.demand[0] ?? 0, 3);
  }

  const [, , vThd, iThd] = TREND_PARAM_BITS.powerQuality;
  if (has(topic.powerQualityMask, vThd.bit)) for (const p of PHASES) values[`Phase ${PHASE_NAMES[p]} Voltage THD (%)`] = round(meter.voltageHarmonics(snap, p).thd, 2);
  if (has(topic.powerQualityMask, iThd.bit)) for (const p of PHASES) values[`Phase ${PHASE_NAMES[p]} Current THD (%)`] = round(meter.phaseCurrentHarmonics(snap, p).thd, 2);

  if (has(topic.ioMask, TREND_PARAM_BITS.io[0].bit)) meter.digitalInputs(atMs).forEach((di, i) => (values[`DI${i + 1} Counter`] = di.count));

  return { facilityId, timestamp: Math.floor(atMs / 1000), time: new Date(atMs).toISOString(), values };
}
