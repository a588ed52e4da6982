/** A row's level: clicking it adds the level to the filter (001 §2, tooltip 'Add to filter'). */
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { logTexts, type EventLevel } from '@meter/contract';

const VARIANT: Record<EventLevel, string> = { Critical: 'danger', Error: 'warning', Info: 'info' };

export function LevelCell({ level, onAdd }: { level: EventLevel; onAdd: (level: EventLevel) => void }) {
  return (
    <OverlayTrigger placement="top" overlay={<Tooltip id={`add-${level}`}>{logTexts.addToFilter}</Tooltip>}>
      <Button size="sm" variant={`outline-${VARIANT[level]}`} className="py-0" onClick={() => onAdd(level)}>
        {level}
      </Button>
    </OverlayTrigger>
  );
}
