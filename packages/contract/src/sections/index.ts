export * from './section.ts';
export * from './meter.ts';
export * from './users.ts';
export * from './mqtt.ts';
export * from './snmp.ts';
export * from './bacnet.ts';
