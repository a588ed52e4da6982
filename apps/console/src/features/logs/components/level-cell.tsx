/** A row's level: clicking it adds the level to the filter (001 §2, tooltip 'Add to filter'). */
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { logTexts, type EventLevel } from '@meter/contract';

// Solid and AA-contrasted in both colour modes: Critical dark red, Error red, Info neutral (layout.css).
const VARIANT: Record<EventLevel, string> = { Critical: 'level-critical', Error: 'danger', Info: 'outline-secondary' };

export function LevelCell({ level, onAdd }: { level: EventLevel; onAdd: (level: EventLevel) => void }) {
  return (
    <OverlayTrigger placement="top" overlay={<Tooltip id={`add-${level}`}>{logTexts.addToFilter}</Tooltip>}>
      <Button size="sm" variant={VARIANT[level]} className="py-0" onClick={() => onAdd(level)}>
        {level}
      </Button>
    </OverlayTrigger>
  );
}
