/**
 * The screen registry: route name (from the contract's ROUTES) → lazily imported screen.
 * A new screen is one line here; the router, the menu and the redirects pick it up from this map.
 */
import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const screens: Readonly<Record<string, ScreenLoader>> = {
  Login: () => import('../features/auth/login.tsx'),
  'Production Test': () => import('../features/factory/production-test.tsx'),
  'CE Test': () => import('../features/factory/ce-test.tsx'),
  'About, Inspection Record': () => import('../features/records/inspection-record.tsx'),
  'About, Inspection Record, New Inspection Record': () => import('../features/records/inspection-edit.tsx'),
  'About, Installation Record': () => import('../features/records/installation-record.tsx'),
  'About, Installation Record, New Installation Record': () => import('../features/records/installation-edit.tsx'),
  'Reading, Metering, Basic': () => import('../features/metering/basic-metering.tsx'),
  'Reading, Metering, Demand': () => import('../features/metering/demand.tsx'),
  'Reading, Metering, Energy': () => import('../features/metering/energy.tsx'),
  'Reading, Metering, Harmonics': () => import('../features/metering/harmonics.tsx'),
  'Reading, Metering, IO': () => import('../features/metering/io.tsx'),
  'Reading, Log, Alarm Log': () => import('../features/logs/alarm-log.tsx'),
  'Reading, Log, Event Log': () => import('../features/logs/event-log.tsx'),
  'Reading, Log, Module Event Log': () => import('../features/logs/module-event-log.tsx'),
  'Settings, Management, Meter Event Log': () => import('../features/logs/meter-event-log.tsx'),
  'Settings, Management': () => import('../features/management/management.tsx'),
  'Settings, Management, Debug Diagnostic': () => import('../features/management/debug-diagnostic.tsx'),
  'Settings, Module Firmware': () => import('../features/module-firmware/module-firmware.tsx'),
  'Settings, Config Management': () => import('../features/config-management/config-management.tsx'),
  'Settings, Network Diagnostic, Networking Status': () => import('../features/network-diagnostic/network-status.tsx'),
  'Settings, Network Diagnostic, Host Lookup': () => import('../features/network-diagnostic/host-lookup.tsx'),
  'Settings, Network Diagnostic, Connection Test': () => import('../features/network-diagnostic/connection-test.tsx'),
  'Reading, Log, Data Log, Data Log 1': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Data Log, Data Log 2': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Data Log, Data Log 3': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Data Log, AcuCloud': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Trend Log, Realtime log': () => import('../features/trends/realtime-log.tsx'),
  'Reading, Log, Trend Log, Energy log': () => import('../features/trends/energy-log.tsx'),
  'Reading, Log, Trend Log Management': () => import('../features/trends/trend-log-management.tsx'),
  'Settings, Meter, General': () => import('../features/meter-settings/general.tsx'),
  'Settings, Meter, User & CT': () => import('../features/meter-settings/user-ct.tsx'),
  'Settings, Meter, I/O & Event': () => import('../features/meter-settings/io.tsx'),
  'Settings, Meter, Alarm': () => import('../features/meter-settings/alarm.tsx'),
  'Settings, Communication, Post Channel, Post Channel 1': () => import('../features/posting/post-channel.tsx'),
  'Settings, Communication, Post Channel, Post Channel 2': () => import('../features/posting/post-channel.tsx'),
  'Settings, Communication, Post Channel, Post Channel 3': () => import('../features/posting/post-channel.tsx'),
  'Settings, Communication, Date & Time': () => import('../features/communication/date-time.tsx'),
  'Settings, Communication, Whitelist Management': () => import('../features/communication/whitelist.tsx'),
  'Settings, Communication, Certificate Management': () => import('../features/communication/certificate-management.tsx'),
  'About, Information': () => import('../features/about/information.tsx'),
  'System Settings, User Management, Password Policy': () => import('../features/user-management/password-policy.tsx'),
  'Change Password': () => import('../features/user-management/password-change.tsx'),
  'System Settings, User Management, Password Management, Edit': () => import('../features/user-management/password-edit.tsx'),
  'System Settings, User Management, General': () => import('../features/user-management/general.tsx'),
  'System Settings, User Management, API Token Management': () => import('../features/user-management/api-token.tsx'),
  'System Settings, User Management, User Configuration, List': () => import('../features/user-management/user-list.tsx'),
  'System Settings, User Management, User Configuration, New': () => import('../features/user-management/user-new.tsx'),
  'System Settings, User Management, User Configuration, Edit': () => import('../features/user-management/user-edit.tsx'),
  'System Settings, User Management, Role Configuration, List': () => import('../features/user-management/role-list.tsx'),
  'System Settings, User Management, Role Configuration, New': () => import('../features/user-management/role-new.tsx'),
  'System Settings, User Management, Role Configuration, Edit': () => import('../features/user-management/role-edit.tsx'),
  'System Settings, User Management, Password Management, List': () => import('../features/user-management/password-list.tsx'),
};

export const hasScreen = (routeName: string): boolean => Object.hasOwn(screens, routeName);
