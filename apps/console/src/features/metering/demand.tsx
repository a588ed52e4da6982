/**
 * Reading › Metering › Demand (001 §2 Demand screen): system demand and the chosen channel's
 * demand, refreshed every 5 s. The route is hidden unless the device is demand verified.
 */
import { LiveAge } from '../../components/live-age.tsx';
import { useState } from 'react';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { NO_CHANNEL } from '../../components/channel-options.ts';
import { useDemandChannel, useDemandSystem } from './api/use-demand.ts';
import { useUserNames } from './api/use-realtime.ts';
import { DemandTable } from './components/demand-table.tsx';
import { demandLines } from './demand-lines.ts';
import { withMeteringWrapper, type MeteringScreenProps } from './metering-wrapper.tsx';
import { hidesPhaseValues } from './wiring-rules.ts';

function Demand({ wiring }: MeteringScreenProps) {
  const [channel, setChannel] = useState(NO_CHANNEL);
  const system = useDemandSystem();
  const userNames = useUserNames();
  const channelRows = useDemandChannel(channel);
  const chosen = channel !== NO_CHANNEL;

  return (
    <>
      <DemandTable title="System Demand" lines={demandLines(system.data, hidesPhaseValues(wiring))} loading={system.isPending} aside={<LiveAge updatedAt={system.dataUpdatedAt} />} />
      <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
      <DemandTable title="Channel Demand" lines={chosen ? demandLines(channelRows.data) : undefined} loading={chosen && channelRows.isPending} />
    </>
  );
}

export default withMeteringWrapper(Demand);
