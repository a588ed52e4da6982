/**
 * The live readings as Prometheus metrics (issue 27; docs/metrics.md lists every family). One
 * snapshot per scrape, read through the ReadingSource like the readings API, so every family of a
 * scrape is of the same instant; energy from the registers the energy screens read. The text is
 * written here from that snapshot (the Prometheus text format 0.0.4, or OpenMetrics 1.0 with its
 * `# EOF`): nothing is kept between scrapes, and ~250 series take ~0.2 ms, where
 * building a prom-client registry per scrape took ~1.5 ms of the event loop (issue 27's scrape
 * beside 50 consoles).
 * Units are the base units of the names: W, var, VA, V, A, Hz, J (kWh × 3.6e6), var·s, VA·s.
 */
import type { MeterSnapshot, ReadingSource, RegisterSet } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT, inputSlot, phaseSlot } from '../../meter/registers/sampling.ts';

export const METRIC_PREFIX = 'acurev_';
export const OPENMETRICS_TYPE = 'application/openmetrics-text; version=1.0.0; charset=utf-8';
export const PROMETHEUS_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const PHASE_LABELS = ['a', 'b', 'c'] as const;
/** The line voltage that starts at each phase (the readings' VAB, VBC, VCA). */
const LINE_LABELS = ['ab', 'bc', 'ca'] as const;
const KILO = 1000;
/** kWh (kvarh, kVAh) → J (var·s, VA·s). */
const KILO_HOURS = 3.6e6;

export interface MetricsIdentity {
  meterModel: string;
  meterSerialNumber: string;
  meterFirmwareVersion: string;
  moduleModel: string;
  moduleFirmwareVersion: string;
}

type Labels = Record<string, string>;
type Sample = [Labels, number];

interface Family {
  name: string;
  help: string;
  kind: 'gauge' | 'counter';
  labels: readonly string[];
  samples: Sample[];
}

const powers = (x: { p: number; q: number; s: number; pf: number }) => ({ p: x.p * KILO, q: x.q * KILO, s: x.s * KILO, pf: x.pf });

/** The power families of one level (system, phase, channel): watts, var, VA and power factor. */
function powerFamilies(level: string, labels: readonly string[], rows: Array<[Labels, { p: number; q: number; s: number; pf: number }]>): Family[] {
  const at = level ? `${level}_` : '';
  const of = level ? ` of each ${level}` : ' of the system (all phases)';
  const fam = (name: string, help: string, pick: (x: ReturnType<typeof powers>) => number): Family => ({
    name: `${METRIC_PREFIX}${at}${name}`,
    help: `${help}${of}.`,
    kind: 'gauge',
    labels,
    samples: rows.map(([l, x]) => [l, pick(powers(x))]),
  });
  return [
    fam('active_power_watts', 'Active power in watts (negative when exporting)', (x) => x.p),
    fam('reactive_power_volt_amperes_reactive', 'Reactive power in var (negative when leading)', (x) => x.q),
    fam('apparent_power_volt_amperes', 'Apparent power in volt-amperes', (x) => x.s),
    fam('power_factor', 'Power factor, -1 to 1', (x) => x.pf),
  ];
}

/** The energy counters of one level, from the registers (absent slots give no sample). */
function energyFamilies(level: string, labels: readonly string[], rows: Array<[Labels, Readonly<RegisterSet> | undefined]>): Family[] {
  const at = level ? `${level}_` : '';
  const of = level ? ` of each ${level}` : ' of the system';
  const fam = (name: string, help: string, pick: (r: Readonly<RegisterSet>) => number): Family => ({
    name: `${METRIC_PREFIX}${at}${name}_total`,
    help: `${help}${of}, since the meter's registers were last reset.`,
    kind: 'counter',
    labels,
    samples: rows.filter((row): row is [Labels, Readonly<RegisterSet>] => row[1] !== undefined).map(([l, r]) => [l, pick(r) * KILO_HOURS]),
  });
  return [
    fam('active_energy_import_joules', 'Imported active energy in joules (kWh × 3.6e6)', (r) => r.importActive),
    fam('active_energy_export_joules', 'Exported active energy in joules', (r) => r.exportActive),
    fam('reactive_energy_import_volt_ampere_reactive_seconds', 'Imported (lagging) reactive energy in var-seconds (kvarh × 3.6e6)', (r) => r.importReactive),
    fam('reactive_energy_export_volt_ampere_reactive_seconds', 'Exported (leading) reactive energy in var-seconds', (r) => r.exportReactive),
    fam('apparent_energy_volt_ampere_seconds', 'Apparent energy in volt-ampere-seconds (kVAh × 3.6e6)', (r) => r.apparent),
  ];
}

/** Every family of one instant: what a scrape exposes (docs/metrics.md). */
export function metricFamilies(snap: MeterSnapshot, meter: ReadingSource, id: MetricsIdentity): Family[] {
  const phase = (i: number) => ({ phase: PHASE_LABELS[i]! });
  const channel = (input: number, ph: number) => ({ channel: String(input), phase: PHASE_LABELS[ph]! });
  const phases = snap.phases.map((x, i) => [phase(i), x] as [Labels, typeof x]);
  const inputs = snap.inputs.map((x) => [channel(x.input, x.phase), x] as [Labels, typeof x]);
  const g = (name: string, help: string, labels: readonly string[], samples: Sample[]): Family => ({ name: METRIC_PREFIX + name, help, kind: 'gauge', labels, samples });
  return [
    g(
      'info',
      'The meter and module: model, serial number and firmware versions (always 1).',
      ['meter_model', 'meter_serial_number', 'meter_firmware_version', 'module_model', 'module_firmware_version'],
      [
        [
          {
            meter_model: id.meterModel,
            meter_serial_number: id.meterSerialNumber,
            meter_firmware_version: id.meterFirmwareVersion,
            module_model: id.moduleModel,
            module_firmware_version: id.moduleFirmwareVersion,
          },
          1,
        ],
      ],
    ),
    g('frequency_hertz', 'Line frequency in hertz.', [], [[{}, snap.frequency]]),
    g(
      'phase_voltage_volts',
      'Line-to-neutral voltage of each phase in volts.',
      ['phase'],
      phases.map(([l, x]) => [l, x.vln]),
    ),
    g(
      'line_voltage_volts',
      'Line-to-line voltage in volts; line ab is VAB, bc VBC, ca VCA.',
      ['line'],
      snap.phases.map((x, i) => [{ line: LINE_LABELS[i]! }, x.vll]),
    ),
    g('current_amperes', 'Average current of the three phases in amperes.', [], [[{}, snap.system.currentAvg]]),
    g(
      'phase_current_amperes',
      'Current of each phase in amperes.',
      ['phase'],
      phases.map(([l, x]) => [l, x.current]),
    ),
    g(
      'channel_current_amperes',
      'Current of each input channel (1-18, on its phase) in amperes.',
      ['channel', 'phase'],
      inputs.map(([l, x]) => [l, x.current]),
    ),
    ...powerFamilies('', [], [[{}, snap.system]]),
    ...powerFamilies('phase', ['phase'], phases),
    ...powerFamilies('channel', ['channel', 'phase'], inputs),
    ...energyFamilies('', [], [[{}, meter.energy(SYSTEM_SLOT)]]),
    ...energyFamilies(
      'phase',
      ['phase'],
      [0, 1, 2].map((i) => [phase(i), meter.energy(phaseSlot(i))]),
    ),
    ...energyFamilies(
      'channel',
      ['channel', 'phase'],
      snap.inputs.map((x) => [channel(x.input, x.phase), meter.energy(inputSlot(x.input))]),
    ),
  ];
}

/** HELP text: backslash and newline escaped (both formats). */
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
/** A label value: backslash, newline and double quote escaped (most values have none of them). */
const escapeLabel = (text: string) => (/[\\\n"]/.test(text) ? escapeHelp(text).replace(/"/g, '\\"') : text);
/** A sample value as both formats spell it (Go's ParseFloat reads them). */
const numberText = (v: number) => (Number.isNaN(v) ? 'NaN' : v === Infinity ? '+Inf' : v === -Infinity ? '-Inf' : String(v));

/**
 * The text of one scrape in the format asked for (OpenMetrics when `openMetrics`). A counter's
 * samples end in `_total` in both; OpenMetrics names its family without the suffix.
 */
export function exposition(families: Family[], openMetrics: boolean): { contentType: string; text: string } {
  let text = '';
  for (const f of families) {
    const family = openMetrics && f.kind === 'counter' ? f.name.replace(/_total$/, '') : f.name;
    if (text && !openMetrics) text += '\n';
    text += `# HELP ${family} ${escapeHelp(f.help)}\n# TYPE ${family} ${f.kind}\n`;
    for (const [labels, value] of f.samples) {
      let pairs = '';
      for (const k in labels) pairs += `${pairs ? ',' : ''}${k}="${escapeLabel(labels[k]!)}"`;
      text += `${f.name}${pairs ? `{${pairs}}` : ''} ${numberText(value)}\n`;
    }
  }
  return openMetrics ? { contentType: OPENMETRICS_TYPE, text: `${text}# EOF\n` } : { contentType: PROMETHEUS_TYPE, text };
}

/** Whether the Accept header asks for OpenMetrics (Prometheus sends it first, with a quality). */
export function wantsOpenMetrics(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*application\/openmetrics-text\s*(;|,|$)/i.test(accept) && !/application\/openmetrics-text\s*;[^,]*q=0(\.0*)?\s*(,|$)/i.test(accept);
}
