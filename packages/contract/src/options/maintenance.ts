/** Maintenance constants (002 §2.11, §2.12, §3.13, §9.4). */

/** The subsystems of the debug diagnostic page (002 §2.12), in its order; also the keys of syslogConfig. */
export const DEBUG_SUBSYSTEMS = [
  'Rtu Server',
  'App Supervisor',
  'App Config',
  'Time configurator',
  'Meter',
  'Reading Source',
  'Database',
  'Web Server',
  'Data Log',
  'Data Post',
  'Email',
  'Mudp',
  'Modbus Server',
  'BACnet',
  'SNMP',
  'Common',
  'MQTT',
] as const;
export type DebugSubsystem = (typeof DEBUG_SUBSYSTEMS)[number];

/** 002 §3.13: on the wire 7 means on (debug), 6 off (informational). */
export const DEBUG_LOG_ON = 7;
export const DEBUG_LOG_OFF = 6;

/** PATCH command/resetReadings readingName (002 §7.5). */
export const READING_RESETS = ['demand', 'energy', 'alarm', 'deviceRunTime'] as const;
export type ReadingReset = (typeof READING_RESETS)[number];

/** The key of the seal status reply for the optional device run time seal (002 §3.10, spelt so). */
export const CLEAR_DEVICE_RUN_TIME = 'Clear Device Run Time';
