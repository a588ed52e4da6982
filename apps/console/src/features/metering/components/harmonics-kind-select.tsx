import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { HARMONICS_KINDS, type HarmonicsKind } from '../harmonics-series.ts';

/** The Voltage/Current select of the Harmonics screen (000 §2). */
export function HarmonicsKindSelect({ value, onChange }: { value: HarmonicsKind; onChange: (kind: HarmonicsKind) => void }) {
  const id = useId();
  return (
    <Form.Group className="mb-3" style={{ maxWidth: 200 }}>
      <Form.Label htmlFor={id}>Harmonics</Form.Label>
      <Form.Select id={id} value={value} onChange={(e) => onChange(e.target.value as HarmonicsKind)}>
        {HARMONICS_KINDS.map((k) => (
          <option key={k.value} value={k.value}>
            {k.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
