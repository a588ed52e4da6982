/**
 * Settings › Communication › Data Log 1/2/3 (002 §2.4, §3.4, §3.5, §4.2, §5.3, §5.4, §7.2, §9.3):
 * three tabs loaded together: the data log (enable, parameter masks with their detail, the log
 * files), the post channels it sends through, and the SFTP access to the log files. The §4.2
 * rules act while editing: an energy, demand or power-quality parameter turns the 15-second
 * interval off (a chosen one falls back to 1 minute) and forces the detail to instantaneous only;
 * ISO8601 is not offered for json; the demand and I/O types are only listed when verified.
 */
import { useLocation } from 'react-router';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import {
  DATA_LOG_FIFTEEN_SECONDS,
  DATA_LOG_LABELS,
  DATA_LOG_INTERVAL_OPTIONS,
  DATA_LOG_NUMBERS,
  DATA_LOG_ONE_MINUTE,
  LOG_FORMAT_JSON,
  LOG_TYPE_MASK_FIELD,
  SLOW_MASKS,
  TIMESTAMP_FORMAT_OPTIONS,
  TIMESTAMP_ISO8601,
  dataLogTexts as t,
  dataLogTypes,
  fieldName,
  type LogTypeName,
  type MeterContext,
  dataLogSection,
  sftpSection,
} from '@meter/contract';
import { PageNotFound } from '../../components/page-not-found.tsx';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { SftpPasswordCard } from './sftp-password-card.tsx';

const MASK_TYPES: readonly LogTypeName[] = ['realTime', 'energy', 'demand', 'powerQuality', 'io'];
const DETAIL = ['isInstValueOn', 'isMinValueOn', 'isMaxValueOn', 'isAvgValueOn'] as const;
const FILE = [
  'timeStampFormat',
  'logFileNameFormat',
  'logFormat',
  'facilityId',
  'logInterval',
  'logFileLength',
  'logFileNamePrefix',
  'localLogFileLength',
  'localLogFileNamePrefix',
] as const;

export const DATA_LOG_TABS = { dataLog: 'Data Log', postChannel: DATA_LOG_LABELS.postChannel, sftp: 'SFTP' } as const;

/** The edited row of one log, typed as the section holds it. */
const rowOf = (v: SectionValues, key: string) => (v[key] ?? {}) as Record<string, unknown>;
const slowIn = (row: Record<string, unknown>) => SLOW_MASKS.some((m) => Number(row[m] ?? 0) !== 0);

function dataLogScreen(n: number) {
  const key = `dataLog${n}`;
  const f = (name: string) => fieldName(key, name);
  const slow = (v: SectionValues) => slowIn(rowOf(v, key));
  return defineSectionScreen<MeterContext>({
    endpoint: 'dataLogConfig',
    section: dataLogSection,
    title: `Data Log ${n}`,
    formLabel: `Data Log ${n} settings`,
    blocks: [
      { kind: 'card', title: `Data Log ${n}`, fields: [f('enable')] },
      { kind: 'card', title: 'Log Param', fields: [...MASK_TYPES.map((type) => f(LOG_TYPE_MASK_FIELD[type])), ...DETAIL.map(f)] },
      { kind: 'card', title: 'Log File', fields: FILE.map(f), grid: 'col-12 col-md-6' },
    ],
    fields: {
      // §4.2: a type the meter has not verified is not offered.
      ...Object.fromEntries(MASK_TYPES.map((type) => [f(LOG_TYPE_MASK_FIELD[type]), { visibleWhen: (_v: SectionValues, ctx: MeterContext) => dataLogTypes(ctx).includes(type) }])),
      [f('isMinValueOn')]: { disabledWhen: slow },
      [f('isMaxValueOn')]: { disabledWhen: slow },
      [f('isAvgValueOn')]: { disabledWhen: slow },
      [f('isInstValueOn')]: { disabledWhen: slow },
      [f('logInterval')]: { options: (v) => DATA_LOG_INTERVAL_OPTIONS.map((o) => ({ ...o, disabled: o.value === DATA_LOG_FIFTEEN_SECONDS && slow(v) })) },
      [f('timeStampFormat')]: {
        options: (v) => (Number(rowOf(v, key).logFormat) === LOG_FORMAT_JSON ? TIMESTAMP_FORMAT_OPTIONS.filter((o) => o.value !== TIMESTAMP_ISO8601) : undefined),
      },
    },
    onChange: (name, inputs) => {
      const input = (field: string) => inputs[f(field)];
      if (SLOW_MASKS.some((m) => f(m) === name)) {
        const anySlow = SLOW_MASKS.some((m) => (input(m) as string[] | undefined)?.length);
        if (!anySlow) return undefined;
        // §4.2: the 15-second interval falls back to 1 minute; the detail is instantaneous only.
        return {
          ...(input('logInterval') === String(DATA_LOG_FIFTEEN_SECONDS) ? { [f('logInterval')]: String(DATA_LOG_ONE_MINUTE) } : {}),
          [f('isInstValueOn')]: true,
          [f('isMinValueOn')]: false,
          [f('isMaxValueOn')]: false,
          [f('isAvgValueOn')]: false,
        };
      }
      if (name === f('logFormat') && input('logFormat') === String(LOG_FORMAT_JSON) && input('timeStampFormat') === String(TIMESTAMP_ISO8601)) {
        return { [f('timeStampFormat')]: '0' };
      }
      return undefined;
    },
    invalidates: ['postChannelStatus'],
  });
}

function postChannelScreen(n: number) {
  return defineSectionScreen<MeterContext>({
    endpoint: 'dataLogConfig',
    section: dataLogSection,
    title: DATA_LOG_TABS.postChannel,
    formLabel: `Data Log ${n} post channels`,
    blocks: [{ kind: 'card', title: DATA_LOG_TABS.postChannel, fields: [fieldName(`dataLog${n}`, 'postChannel')] }],
    invalidates: ['postChannelStatus'],
  });
}

const SFTP_SCREEN = defineSectionScreen({
  endpoint: 'sftpConfig',
  section: sftpSection,
  title: DATA_LOG_TABS.sftp,
  blocks: [{ kind: 'card', title: DATA_LOG_TABS.sftp, fields: ['enable', 'port'] }],
  fields: { port: { disabledWhen: (v) => v.enable !== true } },
  savedMessage: t.saved,
});

const SCREENS = new Map(DATA_LOG_NUMBERS.map((n) => [n as number, { log: dataLogScreen(n), post: postChannelScreen(n) }]));

export default function DataLogSettings() {
  const n = Number(useLocation().pathname.split('/').filter(Boolean).pop());
  const screens = SCREENS.get(n);
  if (!screens) return <PageNotFound />;
  return (
    <Tabs key={n} defaultActiveKey="dataLog" id={`data-log-${n}-tabs`} className="mb-3">
      <Tab eventKey="dataLog" title={DATA_LOG_TABS.dataLog}>
        <SectionScreen def={screens.log} />
      </Tab>
      <Tab eventKey="postChannel" title={DATA_LOG_TABS.postChannel}>
        <SectionScreen def={screens.post} />
      </Tab>
      <Tab eventKey="sftp" title={DATA_LOG_TABS.sftp}>
        <SectionScreen def={SFTP_SCREEN}>
          <SftpPasswordCard />
        </SectionScreen>
      </Tab>
    </Tabs>
  );
}
