/**
 * Reading › Metering › Current (000 §2 "Current readings view"): a Current table for the system and
 * one for the selected channel, from the same real-time calls as Basic, refreshed with them.
 * The spec shows no more of this view; its route is decided in docs/decisions/readings-metering-screens.md.
 */
import { LiveAge } from '../../components/live-age.tsx';
import { REALTIME_KEYS, type ReadingRow } from '@meter/contract';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { readingsSkeleton } from '../../components/readings-table-data.ts';
import { ReadingsTable } from '../../components/readings-table.tsx';
import { MeterLinkBanner } from './meter-link-banner.tsx';
import { useSystemAndChannel } from './use-system-and-channel.ts';
import { PHASE_NAMES } from './wiring-rules.ts';

/** Only the current of each row (its Name kept). */
export const currentRows = (rows: readonly ReadingRow[] | undefined): ReadingRow[] | undefined =>
  rows?.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k === 'Name' || k === REALTIME_KEYS.current)));

const SYSTEM_SKELETON = readingsSkeleton([...PHASE_NAMES, 'System'], [REALTIME_KEYS.current]);

export default function CurrentReadings() {
  const { channel, setChannel, system, userNames, channelRows, chosen } = useSystemAndChannel();
  return (
    <>
      <MeterLinkBanner />
      <ReadingsTable title="Current" rows={currentRows(system.data)} loading={system.isPending} skeleton={SYSTEM_SKELETON} aside={<LiveAge updatedAt={system.dataUpdatedAt} />} />
      <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
      <ReadingsTable title="Channel Current" rows={chosen ? currentRows(channelRows.data) : undefined} loading={chosen && channelRows.isPending} />
    </>
  );
}
