import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { trendIntervalLabel, type TrendInterval } from '@meter/contract';

/** Time Interval (000 §9, 001 §9): the options the time frame's span allows. */
export function IntervalSelect({ options, value, onChange }: { options: readonly TrendInterval[]; value: TrendInterval; onChange: (i: TrendInterval) => void }) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label className="mb-1">Time Interval</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value as TrendInterval)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {trendIntervalLabel(o)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
