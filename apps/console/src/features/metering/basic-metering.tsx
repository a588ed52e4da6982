/** Reading › Metering › Basic (000 §2): System table, channel select and Channel table, refreshed every 5 s. */
import { useState } from 'react';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { NO_CHANNEL } from '../../components/channel-options.ts';
import { ReadingsTable } from '../../components/readings-table.tsx';
import { useRealtimeChannel, useRealtimeSystem, useUserNames } from './api/use-realtime.ts';
import { useDefaultPasswordPrompt } from './use-default-password-prompt.ts';

export default function BasicMetering() {
  useDefaultPasswordPrompt();
  const [channel, setChannel] = useState(NO_CHANNEL);
  const system = useRealtimeSystem();
  const userNames = useUserNames();
  const channelRows = useRealtimeChannel(channel);
  const chosen = channel !== NO_CHANNEL;

  return (
    <>
      <ReadingsTable title="System" rows={system.data} loading={system.isPending} />
      <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
      <ReadingsTable title="Channel" rows={chosen ? channelRows.data : undefined} loading={chosen && channelRows.isPending} />
    </>
  );
}
