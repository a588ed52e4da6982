/**
 * The screen registry: route name (from the contract's ROUTES) → lazily imported screen.
 * A new screen is one line here; the router, the menu and the redirects pick it up from this map.
 */
import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const screens: Readonly<Record<string, ScreenLoader>> = {
  Login: () => import('../features/auth/login.tsx'),
  'Reading, Metering, Basic': () => import('../features/metering/basic-metering.tsx'),
  'About, Information': () => import('../features/about/information.tsx'),
  'System Settings, User Management, Password Policy': () => import('../features/user-management/password-policy.tsx'),
  'System Settings, User Management, Password Management, Edit': () => import('../features/user-management/password-edit.tsx'),
};

export const hasScreen = (routeName: string): boolean => Object.hasOwn(screens, routeName);
