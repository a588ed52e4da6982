import { useId } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { TREND_MAX_CHANNELS } from '@meter/contract';
import { toggleChannel } from '../trend-channels.ts';

interface Props {
  all: readonly string[];
  value: readonly string[];
  onChange: (channels: readonly string[]) => void;
}

/** Channels (001 §2, §5): a multi-select of up to 4; the rest are disabled once 4 are chosen. */
export function ChannelPicker({ all, value, onChange }: Props) {
  const id = useId();
  const full = value.length >= TREND_MAX_CHANNELS;
  return (
    <div>
      <div className="form-label mb-1" id={`${id}-label`}>
        Channels <span className="text-muted small">(up to {TREND_MAX_CHANNELS})</span>
      </div>
      <Dropdown autoClose="outside">
        <Dropdown.Toggle id={`${id}-toggle`} size="sm" variant="outline-secondary" aria-labelledby={`${id}-label ${id}-toggle`} className="text-truncate" style={{ maxWidth: 360 }}>
          {value.length ? value.join(', ') : 'None'}
        </Dropdown.Toggle>
        <Dropdown.Menu className="px-3 py-2" style={{ maxHeight: 320, overflowY: 'auto' }}>
          {all.map((c) => (
            <Form.Check key={c} id={`${id}-${c}`} label={c} checked={value.includes(c)} disabled={full && !value.includes(c)} onChange={() => onChange(toggleChannel(all, value, c))} />
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}
