/**
 * The time-zone map's drawing (000 §9: 500 by 250), loaded on its own: a click picks the zone whose
 * principal city is nearest the point; the chosen zone's city is marked. The searchable list above
 * it stays the keyboard's way to choose. Its frame and caption are the screen's (date-time.tsx).
 */
import { useMemo, type MouseEvent } from 'react';
import { dateTimeTexts as t } from '@meter/contract';
import land from 'world-atlas/land-110m.json';
import { ZONE_LOCATIONS } from './time-zone-locations.ts';
import { MAP_HEIGHT, MAP_WIDTH, landPath, nearestZone, project, unproject } from './world-map.ts';

const LAND = landPath(land);

export function TimeZoneMap({ zone, readOnly, onPick }: { zone: string; readOnly: boolean; onPick: (zone: string) => void }) {
  const offered = useMemo(() => new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);
  const at = ZONE_LOCATIONS.find(([z]) => z === zone);
  const mark = at ? project(at[2], at[1]) : undefined;
  const pick = (e: MouseEvent<SVGSVGElement>) => {
    if (readOnly) return;
    const box = e.currentTarget.getBoundingClientRect();
    const [lon, lat] = unproject(((e.clientX - box.left) / box.width) * MAP_WIDTH, ((e.clientY - box.top) / box.height) * MAP_HEIGHT);
    const picked = nearestZone(lon, lat, ZONE_LOCATIONS, offered.size ? offered : undefined);
    if (picked) onPick(picked);
  };
  return (
    <svg
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      width={MAP_WIDTH}
      height={MAP_HEIGHT}
      role="img"
      aria-label={`${t.map}${zone ? `: ${zone}` : ''}`}
      onClick={pick}
      style={{ cursor: readOnly ? 'default' : 'crosshair' }}
    >
      <rect width={MAP_WIDTH} height={MAP_HEIGHT} className="time-zone-map-sea" />
      <path d={LAND} className="time-zone-map-land" />
      {mark && <circle cx={mark[0]} cy={mark[1]} r={4} className="time-zone-map-mark" />}
    </svg>
  );
}
