/**
 * Reading › Metering › Harmonics (000 §2): a Voltage/Current select, a channel select for Current,
 * a bar chart of orders 2..31 (one series per phase, or per input of the chosen channel), the
 * System table and, for Current, the Channel table refreshed every 5 s.
 */
import { LiveAge } from '../../components/live-age.tsx';
import { useMemo, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { HARMONIC_ORDERS } from '@meter/contract';
import { BarChart } from '../../components/bar-chart.tsx';
import { ChannelSelect } from '../../components/channel-select.tsx';
import { NO_CHANNEL } from '../../components/channel-options.ts';
import { ReadingsTable } from '../../components/readings-table.tsx';
import { useHarmonicsChannel, useHarmonicsSystem } from './api/use-harmonics.ts';
import { useUserNames } from './api/use-realtime.ts';
import { HarmonicsKindSelect } from './components/harmonics-kind-select.tsx';
import { harmonicSeries, harmonicsTable, type HarmonicsKind } from './harmonics-series.ts';
import { withMeteringWrapper } from './metering-wrapper.tsx';

const CHART_TITLE = { voltage: 'Voltage Harmonics', current: 'Current Harmonics' } as const;

function Harmonics() {
  const [kind, setKind] = useState<HarmonicsKind>('voltage');
  const [channel, setChannel] = useState(NO_CHANNEL);
  const isCurrent = kind === 'current';
  const system = useHarmonicsSystem();
  const userNames = useUserNames();
  // The channel is read only while Current is shown.
  const channelRows = useHarmonicsChannel(isCurrent ? channel : NO_CHANNEL);
  const chosen = isCurrent && channel !== NO_CHANNEL;
  const channelData = chosen ? channelRows.data : undefined;
  const series = useMemo(() => harmonicSeries(isCurrent ? channelData : system.data, kind), [isCurrent, channelData, system.data, kind]);

  return (
    <>
      <Row className="g-3">
        <Col xs="auto">
          <HarmonicsKindSelect value={kind} onChange={setKind} />
        </Col>
        {isCurrent && (
          <Col xs={12} sm>
            <ChannelSelect value={channel} onChange={setChannel} userNames={userNames.data} />
          </Col>
        )}
      </Row>
      <section className="mb-4">
        <h2 className="h5">{CHART_TITLE[kind]}</h2>
        <BarChart title={`${CHART_TITLE[kind]} chart`} categories={HARMONIC_ORDERS} series={series} xLabel="Harmonic Order" yLabel="%" />
      </section>
      <ReadingsTable title="System" rows={harmonicsTable(system.data, kind)} loading={system.isPending} />
      {isCurrent && (
        <ReadingsTable
          title="Channel"
          rows={harmonicsTable(channelData, kind)}
          loading={chosen && channelRows.isPending}
          aside={chosen && <LiveAge updatedAt={channelRows.dataUpdatedAt} />}
        />
      )}
    </>
  );
}

export default withMeteringWrapper(Harmonics);
