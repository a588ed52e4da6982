/**
 * The event log's filter bar (001 §2): Interval (with 'Clear'), Level (Critical, Error, Info), Search
 * and Reset; the module log also filters by User (its audit trail, docs/decisions/logs-event-alarm-and-data-logs.md).
 */
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EVENT_LEVELS, logTexts } from '@meter/contract';
import { toggleLevel, type LogFilter } from '../log-filter.ts';

interface Props {
  value: LogFilter;
  onChange: (next: LogFilter) => void;
  onSearch: () => void;
  onReset: () => void;
  /** Message under the interval when its end comes before its start. */
  intervalError?: string;
  /** The module event log filters by level; the meter event log has none (001 §2). */
  showLevel?: boolean;
  /** The module event log records whose action each entry is. */
  showUser?: boolean;
}

export function EventLogFilter({ value, onChange, onSearch, onReset, intervalError, showLevel = true, showUser = false }: Props) {
  const id = useId();
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-3 mb-3"
      aria-label="Filter"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <fieldset className="d-flex flex-wrap align-items-end gap-2">
        <legend className="form-label fs-6 mb-1">Interval</legend>
        <Form.Group controlId={`${id}-start`}>
          <Form.Label className="small mb-0">Start time</Form.Label>
          <Form.Control type="datetime-local" step={1} size="sm" value={value.start} isInvalid={!!intervalError} onChange={(e) => onChange({ ...value, start: e.target.value })} />
        </Form.Group>
        <Form.Group controlId={`${id}-end`}>
          <Form.Label className="small mb-0">End time</Form.Label>
          <Form.Control type="datetime-local" step={1} size="sm" value={value.end} isInvalid={!!intervalError} onChange={(e) => onChange({ ...value, end: e.target.value })} />
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={() => onChange({ ...value, start: '', end: '' })}>
          {logTexts.clearInterval}
        </Button>
        {intervalError && <div className="invalid-feedback d-block w-100">{intervalError}</div>}
      </fieldset>
      {showLevel && (
        <fieldset>
          <legend className="form-label fs-6 mb-1">Level</legend>
          {EVENT_LEVELS.map((level) => (
            <Form.Check key={level} inline id={`${id}-${level}`} label={level} checked={value.levels.includes(level)} onChange={() => onChange(toggleLevel(value, level))} />
          ))}
        </fieldset>
      )}
      {showUser && (
        <Form.Group controlId={`${id}-user`}>
          <Form.Label className="small mb-0">User</Form.Label>
          <Form.Control size="sm" value={value.user} maxLength={32} autoComplete="off" onChange={(e) => onChange({ ...value, user: e.target.value })} />
        </Form.Group>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" variant="primary">
          Search
        </Button>
        <Button size="sm" variant="secondary" onClick={onReset}>
          Reset
        </Button>
      </div>
    </Form>
  );
}
