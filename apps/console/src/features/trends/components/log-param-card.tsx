/**
 * 'Log Param' (001 §2, §3, §5): the parameters of each log type, the log interval the types allow
 * and start/end within getLogMaxMin's range. Types that hold no data are shown but disabled.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { LOG_INTERVALS, TREND_PARAM_BITS, fullMask, selectLogInterval, trendTexts, type LogTypeName, type TrendLogRange } from '@meter/contract';
import { toWallInput } from '../time-frame.ts';
import { LOG_TYPE_LABELS, LOG_TYPE_NAMES, allowedRange, hasData, toggleBit, toggleType, typesOf, withMasks, type LogParamErrors, type LogParamForm } from '../log-param.ts';

interface Props {
  range: TrendLogRange;
  zone: string;
  form: LogParamForm;
  errors: LogParamErrors;
  onChange: (form: LogParamForm) => void;
  /** Generate File and Clear Logs, for those who may use them. */
  actions?: ReactNode;
}

/** Side by side while each keeps room for a full date and time, stacked below that. */
const FIELD_STYLE = { flex: '1 1 15rem', maxWidth: '24rem' } as const;

/** A checkbox that shows "some chosen" as the indeterminate state. */
function GroupCheck({ id, label, checked, partial, disabled, onChange }: { id: string; label: string; checked: boolean; partial: boolean; disabled: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = partial;
  }, [partial]);
  return <Form.Check ref={ref} id={id} className="fw-semibold" label={label} checked={checked} disabled={disabled} onChange={onChange} />;
}

function TypeGroup({ type, form, range, zone, onChange }: { type: LogTypeName } & Pick<Props, 'form' | 'range' | 'zone' | 'onChange'>) {
  const id = useId();
  const mask = form.masks[type];
  const recorded = hasData(range, type);
  const setMasks = (masks: LogParamForm['masks']) => onChange(withMasks(form, masks, range, zone));
  return (
    <fieldset className="border rounded p-2 mb-2" style={{ breakInside: 'avoid' }} aria-label={LOG_TYPE_LABELS[type]}>
      <GroupCheck
        id={`${id}-all`}
        label={LOG_TYPE_LABELS[type]}
        checked={mask === fullMask(type)}
        partial={mask !== 0 && mask !== fullMask(type)}
        disabled={!recorded}
        onChange={() => setMasks(toggleType(form.masks, type))}
      />
      {!recorded && <div className="small text-muted">No data recorded</div>}
      <div className="ms-3">
        {TREND_PARAM_BITS[type].map((p) => (
          <Form.Check
            key={p.bit}
            id={`${id}-${p.bit}`}
            label={p.label}
            checked={(mask & p.bit) !== 0}
            disabled={!recorded}
            onChange={() => setMasks(toggleBit(form.masks, type, p.bit))}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function LogParamCard({ range, zone, form, errors, onChange, actions }: Props) {
  const id = useId();
  const types = typesOf(form);
  const { options } = selectLogInterval(types, form.interval);
  const r = allowedRange(range, types);
  const min = r ? toWallInput(zone, r.min) : undefined;
  const max = r ? toWallInput(zone, r.max) : undefined;
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6">
        {trendTexts.logParam}
      </Card.Header>
      <Card.Body>
        {/* Columns rather than a grid: the groups differ in length (1 to 13 parameters) and pack tighter so. */}
        <div style={{ columnWidth: 240, columnGap: '0.5rem' }}>
          {LOG_TYPE_NAMES.map((t) => (
            <TypeGroup key={t} type={t} form={form} range={range} zone={zone} onChange={onChange} />
          ))}
        </div>
        {errors.logParamArray && <div className="invalid-feedback d-block mb-2">{errors.logParamArray}</div>}
        <div className="d-flex flex-wrap gap-3 mt-2">
          <div style={FIELD_STYLE}>
            <Form.Group controlId={`${id}-interval`}>
              <Form.Label className="mb-1">Log Interval</Form.Label>
              <Form.Select value={form.interval} isInvalid={!!errors.logInterval} onChange={(e) => onChange({ ...form, interval: Number(e.target.value) })}>
                {LOG_INTERVALS.filter((i) => (options as readonly number[]).includes(i.value)).map((i) => (
                  <option key={i.value} value={i.value}>
                    {i.label}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.logInterval}</Form.Control.Feedback>
            </Form.Group>
          </div>
          <div style={FIELD_STYLE}>
            <Form.Group controlId={`${id}-start`}>
              <Form.Label className="mb-1">Start time</Form.Label>
              <Form.Control
                type="datetime-local"
                step={1}
                min={min}
                max={max}
                value={form.start}
                isInvalid={!!errors.startTime}
                onChange={(e) => onChange({ ...form, start: e.target.value })}
              />
              <Form.Control.Feedback type="invalid">{errors.startTime}</Form.Control.Feedback>
            </Form.Group>
          </div>
          <div style={FIELD_STYLE}>
            <Form.Group controlId={`${id}-end`}>
              <Form.Label className="mb-1">End time</Form.Label>
              <Form.Control
                type="datetime-local"
                step={1}
                min={min}
                max={max}
                value={form.end}
                isInvalid={!!errors.endTime}
                onChange={(e) => onChange({ ...form, end: e.target.value })}
              />
              <Form.Control.Feedback type="invalid">{errors.endTime}</Form.Control.Feedback>
            </Form.Group>
          </div>
        </div>
        {actions && <div className="d-flex gap-2 mt-3">{actions}</div>}
      </Card.Body>
    </Card>
  );
}
