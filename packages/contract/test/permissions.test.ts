/** Permission arithmetic (000 §6, 002 §6). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  AREAS,
  AREA_MASK,
  PERMISSION_LEVEL,
  PERMISSION_LEVEL_LABELS,
  FULL_PERMISSION,
  ADMIN_ACCESS_LEVEL,
  ADMIN_USER_NAME,
  pairBitsOfLevel,
  permissionFromFlags,
  canRead,
  canWrite,
  hasAccess,
  levelOf,
  type PermissionLevel,
  type RoleFlags,
} from '../src/permissions.ts';

const flags = (userConfigAllow: PermissionLevel, readingsAllow: PermissionLevel, configurationAllow: PermissionLevel, maintenanceAllow: PermissionLevel): RoleFlags => ({
  userConfigAllow,
  readingsAllow,
  configurationAllow,
  maintenanceAllow,
});

describe('constants', () => {
  test('masks in use are 3, 12, 48, 192 (002 §9.4)', () => {
    assert.deepEqual(AREA_MASK, { userConfig: 3, readings: 12, configuration: 48, maintenance: 192 });
    assert.deepEqual(AREAS, ['userConfig', 'readings', 'configuration', 'maintenance']);
  });
  test('levels: 0 edit, 1 view, 2 none', () => {
    assert.deepEqual(PERMISSION_LEVEL, { edit: 0, view: 1, none: 2 });
    assert.deepEqual(PERMISSION_LEVEL_LABELS, { 0: 'Edit', 1: 'View', 2: 'None' });
  });
  test('admin names and full permission', () => {
    assert.equal(ADMIN_ACCESS_LEVEL, 'admin');
    assert.equal(ADMIN_USER_NAME, 'admin');
    assert.equal(FULL_PERMISSION, 255);
  });
});

describe('permissionFromFlags (000 §6 four-flag fallback)', () => {
  test('each flag maps 0 → 3, 1 → 1, 2 → 0', () => {
    assert.equal(pairBitsOfLevel(0), 3);
    assert.equal(pairBitsOfLevel(1), 1);
    assert.equal(pairBitsOfLevel(2), 0);
  });
  test('all edit is 255, all view is 85, all none is 0', () => {
    assert.equal(permissionFromFlags(flags(0, 0, 0, 0)), 255);
    assert.equal(permissionFromFlags(flags(1, 1, 1, 1)), 0b01010101);
    assert.equal(permissionFromFlags(flags(2, 2, 2, 2)), 0);
  });
  test('bits 0-1 user config', () => {
    assert.equal(permissionFromFlags(flags(0, 2, 2, 2)), 3);
    assert.equal(permissionFromFlags(flags(1, 2, 2, 2)), 1);
  });
  test('bits 2-3 readings', () => {
    assert.equal(permissionFromFlags(flags(2, 0, 2, 2)), 12);
    assert.equal(permissionFromFlags(flags(2, 1, 2, 2)), 4);
  });
  test('bits 4-5 configuration', () => {
    assert.equal(permissionFromFlags(flags(2, 2, 0, 2)), 48);
    assert.equal(permissionFromFlags(flags(2, 2, 1, 2)), 16);
  });
  test('bits 6-7 maintenance', () => {
    assert.equal(permissionFromFlags(flags(2, 2, 2, 0)), 192);
    assert.equal(permissionFromFlags(flags(2, 2, 2, 1)), 64);
  });
  test('mixed flags', () => {
    // user none, readings edit, configuration view, maintenance edit
    assert.equal(permissionFromFlags(flags(2, 0, 1, 0)), 0b11011100);
    // user view, readings view, configuration edit, maintenance none
    assert.equal(permissionFromFlags(flags(1, 1, 0, 2)), 0b00110101);
  });
  test('all 81 combinations round-trip through levelOf', () => {
    const levels: PermissionLevel[] = [0, 1, 2];
    for (const u of levels)
      for (const r of levels)
        for (const c of levels)
          for (const m of levels) {
            const p = permissionFromFlags(flags(u, r, c, m));
            assert.ok(p >= 0 && p <= 255);
            assert.deepEqual([levelOf(p, 'userConfig'), levelOf(p, 'readings'), levelOf(p, 'configuration'), levelOf(p, 'maintenance')], [u, r, c, m], `permission ${p}`);
          }
  });
});

describe('canRead / canWrite', () => {
  const pairs: [mask: number, low: number, high: number][] = [
    [3, 1, 2],
    [12, 4, 8],
    [48, 16, 32],
    [192, 64, 128],
  ];
  for (const [mask, low, high] of pairs) {
    test(`mask ${mask}: no bits → neither`, () => {
      assert.equal(canRead(0, mask), false);
      assert.equal(canWrite(0, mask), false);
      assert.equal(canRead(255 & ~mask, mask), false);
      assert.equal(canWrite(255 & ~mask, mask), false);
    });
    test(`mask ${mask}: lower bit only (${low}) → read, not write`, () => {
      assert.equal(canRead(low, mask), true);
      assert.equal(canWrite(low, mask), false);
      assert.equal(canWrite(low | (255 & ~mask), mask), false);
    });
    test(`mask ${mask}: higher bit only (${high}) → read and write`, () => {
      assert.equal(canRead(high, mask), true);
      assert.equal(canWrite(high, mask), true);
    });
    test(`mask ${mask}: both bits (${mask}) → read and write`, () => {
      assert.equal(canRead(mask, mask), true);
      assert.equal(canWrite(mask, mask), true);
      assert.equal(canWrite(255, mask), true);
    });
  }
  test('write means the overlap has an even number of binary digits', () => {
    for (let p = 0; p <= 255; p++)
      for (const mask of [3, 12, 48, 192]) {
        const overlap = p & mask;
        const expected = overlap !== 0 && overlap.toString(2).length % 2 === 0;
        assert.equal(canWrite(p, mask), expected, `p=${p} mask=${mask}`);
        // the same as: the higher bit of the pair is set
        assert.equal(canWrite(p, mask), (p & mask & 0b10101010) !== 0, `p=${p} mask=${mask}`);
      }
  });
  test('hasAccess reads the area masks', () => {
    assert.equal(hasAccess(4, 'readings', 'read'), true);
    assert.equal(hasAccess(4, 'readings', 'write'), false);
    assert.equal(hasAccess(8, 'readings', 'write'), true);
    assert.equal(hasAccess(12, 'configuration', 'read'), false);
    assert.equal(hasAccess(128, 'maintenance', 'write'), true);
    assert.equal(hasAccess(2, 'userConfig', 'write'), true);
    assert.equal(hasAccess(1, 'userConfig', 'write'), false);
  });
});

describe('levelOf', () => {
  test('edit, view and none per area', () => {
    assert.equal(levelOf(255, 'readings'), 0);
    assert.equal(levelOf(4, 'readings'), 1);
    assert.equal(levelOf(0, 'readings'), 2);
    assert.equal(levelOf(3, 'userConfig'), 0);
    assert.equal(levelOf(1, 'userConfig'), 1);
    assert.equal(levelOf(252, 'userConfig'), 2);
    assert.equal(levelOf(16, 'configuration'), 1);
    assert.equal(levelOf(32, 'configuration'), 0);
    assert.equal(levelOf(64, 'maintenance'), 1);
    assert.equal(levelOf(128, 'maintenance'), 0);
    assert.equal(levelOf(63, 'maintenance'), 2);
  });
});
