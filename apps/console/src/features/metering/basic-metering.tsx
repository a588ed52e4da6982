/** Reading › Metering › Basic (000 §2): System table, channel select and Channel table, refreshed every 5 s. */
import { LiveAge } from '../../components/live-age.tsx';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { ReadingsTable } from '../../components/readings-table.tsx';
import { useSystemAndChannel } from './use-system-and-channel.ts';
import { withMeteringWrapper, type MeteringScreenProps } from './metering-wrapper.tsx';
import { realtimeSystemRows, systemSkeleton } from './wiring-rules.ts';

function BasicMetering({ wiring }: MeteringScreenProps) {
  const { channel, setChannel, system, userNames, channelRows, chosen } = useSystemAndChannel();

  return (
    <>
      <ReadingsTable
        title="System"
        rows={realtimeSystemRows(system.data, wiring)}
        loading={system.isPending}
        skeleton={systemSkeleton(wiring)}
        aside={<LiveAge updatedAt={system.dataUpdatedAt} />}
      />
      <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
      <ReadingsTable title="Channel" rows={chosen ? channelRows.data : undefined} loading={chosen && channelRows.isPending} />
    </>
  );
}

export default withMeteringWrapper(BasicMetering);
