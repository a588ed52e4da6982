import { useId } from 'react';
import Form from 'react-bootstrap/Form';

interface Props {
  options: readonly string[];
  /** The quantity's name, shown as the option's tooltip. */
  labels: Readonly<Record<string, string>>;
  value: string;
  onChange: (parameter: string) => void;
}

/** Parameter (001 §2, §7): the spec's short names, one radio each. */
export function ParameterRadio({ options, labels, value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">Parameter</legend>
      <div className="d-flex flex-wrap column-gap-3 pt-1">
        {options.map((p) => (
          <Form.Check key={p} type="radio" id={`${id}-${p}`} name={`${id}-parameter`} className="mb-0" label={p} title={labels[p]} checked={value === p} onChange={() => onChange(p)} />
        ))}
      </div>
    </fieldset>
  );
}
