/**
 * What one publication carries (docs/decisions/communication-mqtt.md): the facility id, the time, and the
 * values the five masks select, exactly the columns a data logger writes for the same masks
 * (services/datalog/columns.ts), so a subscriber reads the labels and values of the CSV files:
 * every real-time, energy, demand, power-quality and I/O parameter, per input and system.
 */
import type { MqttConfig } from '@meter/contract';
import type { ReadingSource } from '../../meter/reading-source.ts';
import { logColumns, type Sample } from '../datalog/columns.ts';

export interface MqttPayload {
  facilityId: string;
  /** Unix seconds. */
  timestamp: number;
  /** ISO 8601, UTC. */
  time: string;
  values: Record<string, number | string>;
}

export function buildPayload(meter: ReadingSource, topic: MqttConfig['topic'], facilityId: string, atMs: number): MqttPayload {
  // One instant for every column: the spectra and DI readings are taken once and shared.
  const sample: Sample = { atMs, snap: meter.snapshot(atMs), meter };
  const values: Record<string, number | string> = {};
  for (const col of logColumns(topic)) values[col.header] = col.value(sample);
  return { facilityId, timestamp: Math.floor(atMs / 1000), time: new Date(atMs).toISOString(), values };
}
