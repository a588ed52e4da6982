import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routeByName } from '@meter/contract';
import { decideRoute, type NavContext } from '../../src/app/navigation.ts';
import { hasScreen } from '../../src/app/screens.ts';

const METERING = ['Basic', 'Demand', 'Energy', 'Harmonics', 'IO'].map((s) => routeByName(`Reading, Metering, ${s}`));
const ALL_BITS = 255;
const ctx = (systemMode: number, demandVerified = true): NavContext => ({
  permission: ALL_BITS,
  device: { systemMode, demandVerified },
  // The emergency steps are somebody else's screens; stand them in so the forwarding has a target.
  hasScreen: (name) => hasScreen(name) || name.startsWith('Settings, Emergency, '),
});

test('every metering screen is registered and shown in normal mode', () => {
  for (const r of METERING) {
    assert.ok(hasScreen(r.name), r.name);
    assert.deepEqual(decideRoute(r, r.path, ctx(0)), { kind: 'screen' }, r.name);
  }
});

test('001 Metering wrapper: in system mode 2 every metering screen forwards to Settings, Emergency', () => {
  for (const r of METERING) assert.deepEqual(decideRoute(r, r.path, ctx(2)), { kind: 'redirect', to: '/setting/emergency/step1' }, r.name);
});

test('Demand is left out when the device is not demand verified', () => {
  const demand = routeByName('Reading, Metering, Demand');
  assert.notDeepEqual(decideRoute(demand, demand.path, ctx(0, false)), { kind: 'screen' });
});
