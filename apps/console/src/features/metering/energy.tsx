/**
 * Reading › Metering › Energy (000 §2): Real-Time, Current Month TOU and Prior Month TOU for the
 * System and for the chosen channel, refreshed every 5 s; the wiring rules of 000 §9 apply.
 */
import { LiveAge } from '../../components/live-age.tsx';
import { useState } from 'react';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { NO_CHANNEL } from '../../components/channel-options.ts';
import { useEnergyChannel, useEnergySystem } from './api/use-energy.ts';
import { useUserNames } from './api/use-realtime.ts';
import { EnergyTables } from './components/energy-tables.tsx';
import { energyTable, systemEnergyTable } from './energy-tables.ts';
import { withMeteringWrapper, type MeteringScreenProps } from './metering-wrapper.tsx';
import { showsChannelTou } from './wiring-rules.ts';

function Energy({ wiring }: MeteringScreenProps) {
  const [channel, setChannel] = useState(NO_CHANNEL);
  const system = useEnergySystem();
  const userNames = useUserNames();
  const channelRows = useEnergyChannel(channel);
  const chosen = channel !== NO_CHANNEL;

  return (
    <>
      <EnergyTables scope="System" rowsOf={(t) => systemEnergyTable(system.data, t, wiring)} loading={system.isPending} showTou aside={<LiveAge updatedAt={system.dataUpdatedAt} />} />
      <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
      <EnergyTables
        scope="Channel"
        rowsOf={(t) => (chosen ? energyTable(channelRows.data, t) : undefined)}
        loading={chosen && channelRows.isPending}
        showTou={showsChannelTou(wiring, channel)}
      />
    </>
  );
}

export default withMeteringWrapper(Energy);
