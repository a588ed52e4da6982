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
  'Reading, Metering, Demand': () => import('../features/metering/demand.tsx'),
  'Reading, Metering, Energy': () => import('../features/metering/energy.tsx'),
  'Reading, Metering, Harmonics': () => import('../features/metering/harmonics.tsx'),
  'Reading, Metering, IO': () => import('../features/metering/io.tsx'),
  'Reading, Log, Alarm Log': () => import('../features/logs/alarm-log.tsx'),
  'Reading, Log, Event Log': () => import('../features/logs/event-log.tsx'),
  'Reading, Log, Module Event Log': () => import('../features/logs/module-event-log.tsx'),
  'Settings, Management, Meter Event Log': () => import('../features/logs/meter-event-log.tsx'),
  'Reading, Log, Data Log, Data Log 1': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Data Log, Data Log 2': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Data Log, Data Log 3': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Data Log, AcuCloud': () => import('../features/logs/data-log.tsx'),
  'Reading, Log, Trend Log, Realtime log': () => import('../features/trends/realtime-log.tsx'),
  'Reading, Log, Trend Log, Energy log': () => import('../features/trends/energy-log.tsx'),
  'Reading, Log, Trend Log Management': () => import('../features/trends/trend-log-management.tsx'),
  'Settings, Communication, BACnet/IP': () => import('../features/communication/bacnet-ip.tsx'),
  'Settings, Communication, SNMP': () => import('../features/communication/snmp.tsx'),
  'Settings, Communication, MQTT, General': () => import('../features/communication/mqtt-general.tsx'),
  'Settings, Communication, MQTT, User Credentials': () => import('../features/communication/mqtt-user-credentials.tsx'),
  'Settings, Communication, MQTT, SSL/TLS': () => import('../features/communication/mqtt-ssl-tls.tsx'),
  'Settings, Communication, MQTT, Last Will and Testament': () => import('../features/communication/mqtt-last-will.tsx'),
  'Settings, Communication, MQTT, Topic and Parameter Selection': () => import('../features/communication/mqtt-topic.tsx'),
  'Settings, Meter, General': () => import('../features/meter-settings/general.tsx'),
  'Settings, Meter, User & CT': () => import('../features/meter-settings/user-ct.tsx'),
  'Settings, Meter, I/O & Event': () => import('../features/meter-settings/io.tsx'),
  'Settings, Meter, Alarm': () => import('../features/meter-settings/alarm.tsx'),
  'About, Information': () => import('../features/about/information.tsx'),
  'System Settings, User Management, Password Policy': () => import('../features/user-management/password-policy.tsx'),
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
