import { useState } from 'react';
import { NO_CHANNEL } from '../../components/channel-options.ts';
import { useRealtimeChannel, useRealtimeSystem, useUserNames } from './api/use-realtime.ts';

/** The System table's rows and the chosen channel's (Basic, Current): both refresh with the real-time calls. */
export function useSystemAndChannel() {
  const [channel, setChannel] = useState(NO_CHANNEL);
  const system = useRealtimeSystem();
  const userNames = useUserNames();
  const channelRows = useRealtimeChannel(channel);
  return { channel, setChannel, system, userNames, channelRows, chosen: channel !== NO_CHANNEL };
}
