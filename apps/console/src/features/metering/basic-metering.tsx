/** Reading › Metering › Basic (000 §2): System table, channel select and Channel table, refreshed every 5 s. */
import { useState } from 'react';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { NO_CHANNEL } from '../../components/channel-options.ts';
import { ReadingsTable } from '../../components/readings-table.tsx';
import { useRealtimeChannel, useRealtimeSystem, useUserNames } from './api/use-realtime.ts';
import { withMeteringWrapper, type MeteringScreenProps } from './metering-wrapper.tsx';
import { realtimeSystemRows, systemSkeleton } from './wiring-rules.ts';

function BasicMetering({ wiring }: MeteringScreenProps) {
  const [channel, setChannel] = useState(NO_CHANNEL);
  const system = useRealtimeSystem();
  const userNames = useUserNames();
  const channelRows = useRealtimeChannel(channel);
  const chosen = channel !== NO_CHANNEL;

  return (
    <>
      <ReadingsTable title="System" rows={realtimeSystemRows(system.data, wiring)} loading={system.isPending} skeleton={systemSkeleton(wiring)} />
      <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
      <ReadingsTable title="Channel" rows={chosen ? channelRows.data : undefined} loading={chosen && channelRows.isPending} />
    </>
  );
}

export default withMeteringWrapper(BasicMetering);
