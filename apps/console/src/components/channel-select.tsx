import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { shellTexts, type UserNameMapping } from '@meter/contract';
import { NO_CHANNEL, channelOptions } from './channel-options.ts';

interface Props {
  value: number;
  onChange: (channel: number) => void;
  userNames: UserNameMapping | undefined;
  label?: string;
}

/** The channel select of the readings views (000 §2). */
export function ChannelSelect({ value, onChange, userNames, label = 'Channel' }: Props) {
  const id = useId();
  return (
    <Form.Group className="mb-3" style={{ maxWidth: 360 }}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={NO_CHANNEL} disabled>
          {shellTexts.pleaseSelectChannel}
        </option>
        {channelOptions(userNames).map((o, i) => (
          <option key={i} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
