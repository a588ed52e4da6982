/**
 * The time-zone map's geometry (000 §9: 500 by 250), pure: Natural Earth's land outline from
 * world-atlas (TopoJSON) drawn in an equirectangular projection, and the zone nearest a point.
 */
export const MAP_WIDTH = 500;
export const MAP_HEIGHT = 250;

/** Arc indexes of one ring (a negative index is the arc ~i reversed), of a polygon, of a multipolygon. */
type Ring = readonly number[];
type Polygon = readonly Ring[];

/** TopoJSON as world-atlas ships it, typed as its JSON reads (pairs and rings are plain arrays). */
interface Topology {
  transform: { scale: readonly number[]; translate: readonly number[] };
  arcs: readonly (readonly (readonly number[])[])[];
  objects: Record<string, { type: string; geometries: readonly { type: string; arcs: Polygon | readonly Polygon[] }[] }>;
}

/** A Polygon's arcs are rings of indexes, a MultiPolygon's are polygons of them. */
const isPolygon = (arcs: Polygon | readonly Polygon[]): arcs is Polygon => arcs.length === 0 || typeof arcs[0]?.[0] === 'number';

export const project = (lon: number, lat: number): [number, number] => [((lon + 180) / 360) * MAP_WIDTH, ((90 - lat) / 180) * MAP_HEIGHT];
export const unproject = (x: number, y: number): [lon: number, lat: number] => [(x / MAP_WIDTH) * 360 - 180, 90 - (y / MAP_HEIGHT) * 180];

/** The SVG path of every polygon of the object; a ring that crosses the antimeridian is cut there. */
export function landPath(topology: Topology, object = 'land'): string {
  const [sx = 1, sy = 1] = topology.transform.scale;
  const [tx = 0, ty = 0] = topology.transform.translate;
  // Arcs are quantised and delta-encoded (the TopoJSON specification).
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx = 0, dy = 0]): [number, number] => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
  const ring = (indexes: Ring): [number, number][] =>
    indexes.flatMap((i, k) => {
      const points = i >= 0 ? (arcs[i] ?? []) : [...(arcs[~i] ?? [])].reverse();
      return k === 0 ? points : points.slice(1);
    });
  const out: string[] = [];
  for (const g of topology.objects[object]?.geometries ?? []) {
    const polygons = isPolygon(g.arcs) ? [g.arcs] : g.arcs;
    for (const polygon of polygons)
      for (const r of polygon) {
        let prev: number | undefined;
        for (const [lon, lat] of ring(r)) {
          const [x, y] = project(lon, lat);
          out.push(`${prev === undefined || Math.abs(lon - prev) > 180 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
          prev = lon;
        }
        out.push('Z');
      }
  }
  return out.join('');
}

/** Great-circle distance in radians. */
function distance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The zone whose principal location is nearest the point, among those offered. */
export function nearestZone(lon: number, lat: number, locations: readonly (readonly [string, number, number])[], offered?: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const [zone, zLat, zLon] of locations) {
    if (offered && !offered.has(zone)) continue;
    const d = distance(lat, lon, zLat, zLon);
    if (d < bestD) [best, bestD] = [zone, d];
  }
  return best;
}
