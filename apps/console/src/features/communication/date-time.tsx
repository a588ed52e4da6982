/**
 * Settings › Communication › Date & Time (001 §2, §3, §5): NTP on/off and servers 1 to 3 (shown
 * while NTP is on), the time zone from the IANA list or its map, then the device clock. Saving with changes
 * offers the reboot (001 §4).
 */
import { lazy, Suspense } from 'react';
import { dateTimeTexts as t, ntpSection } from '@meter/contract';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { DeviceClockCard } from './date-time-clock.tsx';

const ntpOn = (v: Readonly<Record<string, unknown>>) => v.enable === 1;

// The map's outline is the largest part of this screen: it follows the form, which works without it.
const TimeZoneMap = lazy(async () => ({ default: (await import('./time-zone-map.tsx')).TimeZoneMap }));

export const DATE_TIME_SCREEN = defineSectionScreen({
  endpoint: 'ntpConfig',
  section: ntpSection,
  title: t.title,
  blocks: [
    { kind: 'card', title: 'NTP', fields: ['enable', 'ntpServer1', 'ntpServer2', 'ntpServer3'] },
    { kind: 'card', title: t.labels.timeZone, fields: ['timeZone'] },
  ],
  fields: {
    ntpServer1: { visibleWhen: ntpOn },
    ntpServer2: { visibleWhen: ntpOn },
    ntpServer3: { visibleWhen: ntpOn },
  },
  invalidates: ['getTime', 'homePageInfo'],
  // The caption is drawn with the form and the placeholder is the drawing's box: the clock card
  // below does not move when the drawing arrives (a click aimed at Set Time lands on it).
  extras: ({ values, readOnly, setInput }) => (
    <figure className="time-zone-map mb-3">
      <Suspense fallback={<div className="time-zone-map-placeholder" />}>
        <TimeZoneMap zone={String(values.timeZone ?? '')} readOnly={readOnly} onPick={(zone) => setInput('timeZone', zone)} />
      </Suspense>
      {!readOnly && <figcaption className="form-text">{t.mapHint}</figcaption>}
    </figure>
  ),
});

export default function DateTime() {
  return (
    <SectionScreen def={DATE_TIME_SCREEN}>
      <DeviceClockCard />
    </SectionScreen>
  );
}
