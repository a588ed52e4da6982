import { test } from 'node:test';
import assert from 'node:assert/strict';
import land from 'world-atlas/land-110m.json';
import { ZONE_LOCATIONS } from '../../../src/features/communication/time-zone-locations.ts';
import { MAP_HEIGHT, MAP_WIDTH, landPath, nearestZone, project, unproject } from '../../../src/features/communication/world-map.ts';

test('the projection is equirectangular over 500 × 250 and unprojects back', () => {
  assert.deepEqual(project(-180, 90), [0, 0]);
  assert.deepEqual(project(180, -90), [MAP_WIDTH, MAP_HEIGHT]);
  assert.deepEqual(project(0, 0), [250, 125]);
  const [lon, lat] = unproject(...project(139.69, 35.69));
  assert.ok(Math.abs(lon - 139.69) < 1e-9 && Math.abs(lat - 35.69) < 1e-9);
});

test('the land path stays inside the map and never draws a line across the antimeridian', () => {
  const d = landPath(land as unknown as Parameters<typeof landPath>[0]);
  const steps = [...d.matchAll(/([ML])(-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({ cmd: m[1], x: Number(m[2]), y: Number(m[3]) }));
  assert.ok(steps.length > 3000, `${steps.length} points`);
  for (const s of steps) assert.ok(s.x >= 0 && s.x <= MAP_WIDTH && s.y >= 0 && s.y <= MAP_HEIGHT, JSON.stringify(s));
  for (let i = 1; i < steps.length; i++) if (steps[i]!.cmd === 'L') assert.ok(Math.abs(steps[i]!.x - steps[i - 1]!.x) < MAP_WIDTH / 2, `a line across the map at ${i}`);
});

test('a point picks the zone of the nearest principal city, among the offered zones', () => {
  assert.equal(nearestZone(-74, 40.7, ZONE_LOCATIONS), 'America/New_York');
  assert.equal(nearestZone(2.35, 48.85, ZONE_LOCATIONS), 'Europe/Paris');
  assert.equal(nearestZone(139.7, 35.7, ZONE_LOCATIONS), 'Asia/Tokyo');
  // Across the antimeridian: just west of 180° is nearer Fiji than anything in the Americas.
  assert.equal(nearestZone(-179.9, -18, ZONE_LOCATIONS), 'Pacific/Fiji');
  assert.equal(nearestZone(2.35, 48.85, ZONE_LOCATIONS, new Set(['Europe/Berlin', 'America/New_York'])), 'Europe/Berlin');
  assert.equal(ZONE_LOCATIONS.length > 300, true);
});
