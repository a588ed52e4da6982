import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ReactNode } from 'react';
import type { ReadingRow } from '@meter/contract';
import { ReadingsTable } from '../../../components/readings-table.tsx';
import { CURRENT_MONTH_TOU, PRIOR_MONTH_TOU, REAL_TIME, type EnergyTableDef } from '../energy-tables.ts';

interface Props {
  /** 'System' or 'Channel': prefixes each table's name. */
  scope: string;
  rowsOf: (table: EnergyTableDef) => ReadingRow[] | undefined;
  loading: boolean;
  showTou: boolean;
  /** Beside the Real-Time heading (the age of the readings). */
  aside?: ReactNode;
}

/** The Real-Time table, then the two TOU tables side by side (000 §2 Energy). */
export function EnergyTables({ scope, rowsOf, loading, showTou, aside }: Props) {
  return (
    <>
      <ReadingsTable title={`${scope} ${REAL_TIME.title}`} rows={rowsOf(REAL_TIME)} loading={loading} aside={aside} />
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
