/**
 * Time Frame (001 §2, §9): the preset buttons and the start/end inputs on the device's clock.
 * Dates outside the chart's limits are disabled in the calendar (min/max); a typed frame is
 * applied once both ends are valid, otherwise the message shows under the inputs.
 */
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TrendPreset, TrendRange } from '@meter/contract';
import { END_LABEL, START_LABEL, readFrame, toWallInput, type FrameLimits } from '../time-frame.ts';

interface Props {
  presets: readonly TrendPreset[];
  preset?: TrendPreset;
  frame: TrendRange;
  zone: string;
  limits: FrameLimits;
  onPreset: (preset: TrendPreset) => void;
  onFrame: (frame: TrendRange) => void;
}

export function TimeFramePicker({ presets, preset, frame, zone, limits, onPreset, onFrame }: Props) {
  const id = useId();
  const [start, setStart] = useState(() => toWallInput(zone, frame.start));
  const [end, setEnd] = useState(() => toWallInput(zone, frame.end));
  // A frame set elsewhere (preset, zoom, roll back) replaces whatever was typed: adjusted while
  // rendering, so the inputs never show the old text against the new frame.
  const [shown, setShown] = useState({ zone, start: frame.start, end: frame.end });
  if (shown.zone !== zone || shown.start !== frame.start || shown.end !== frame.end) {
    setShown({ zone, start: frame.start, end: frame.end });
    setStart(toWallInput(zone, frame.start));
    setEnd(toWallInput(zone, frame.end));
  }
  // Only what the user typed is judged: a preset's frame ages against limits that follow the clock.
  const typed = start !== toWallInput(zone, frame.start) || end !== toWallInput(zone, frame.end);
  const check = typed ? readFrame(zone, start, end, limits) : {};

  const edit = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    const next = readFrame(zone, nextStart, nextEnd, limits).frame;
    if (next && (next.start !== frame.start || next.end !== frame.end)) onFrame(next);
  };
  const min = limits.min === undefined ? undefined : toWallInput(zone, limits.min);
  const max = toWallInput(zone, limits.max);

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Time Frame</legend>
      <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label="Time frame presets">
        {presets.map((p) => (
          <Button key={p} size="sm" variant={p === preset ? 'primary' : 'outline-primary'} aria-pressed={p === preset} onClick={() => onPreset(p)}>
            {p}
          </Button>
        ))}
      </div>
      <div className="d-flex flex-wrap align-items-start gap-2">
        <Form.Group controlId={`${id}-start`}>
          <Form.Label className="small mb-0">{START_LABEL}</Form.Label>
          <Form.Control type="datetime-local" step={1} size="sm" min={min} max={max} value={start} isInvalid={!!check.start} onChange={(e) => edit(e.target.value, end)} />
          <Form.Control.Feedback type="invalid">{check.start}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group controlId={`${id}-end`}>
          <Form.Label className="small mb-0">{END_LABEL}</Form.Label>
          <Form.Control type="datetime-local" step={1} size="sm" min={min} max={max} value={end} isInvalid={!!check.end} onChange={(e) => edit(start, e.target.value)} />
          <Form.Control.Feedback type="invalid">{check.end}</Form.Control.Feedback>
        </Form.Group>
      </div>
    </fieldset>
  );
}
