import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ReadingRow } from '@meter/contract';
import { ReadingsTable } from '../../../components/readings-table.tsx';
import { CURRENT_MONTH_TOU, PRIOR_MONTH_TOU, REAL_TIME, type EnergyTableDef } from '../energy-tables.ts';

interface Props {
  /** 'System' or 'Channel': prefixes each table's name. */
  scope: string;
  rowsOf: (table: EnergyTableDef) => ReadingRow[] | undefined;
  loading: boolean;
  showTou: boolean;
}

/** The Real-Time table, then the two TOU tables side by side (000 §2 Energy). */
export function EnergyTables({ scope, rowsOf, loading, showTou }: Props) {
  return (
    <>
      <ReadingsTable title={`${scope} ${REAL_TIME.title}`} rows={rowsOf(REAL_TIME)} loading={loading} />
      {showTou && (
        <Row>
          {[CURRENT_MONTH_TOU, PRIOR_MONTH_TOU].map((t) => (
            <Col key={t.title} xl={6}>
              <ReadingsTable title={`${scope} ${t.title}`} rows={rowsOf(t)} loading={loading} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
