// The shared layers: permissions, the shared message catalogue, rules, options, the meter's state,
// the route table, the endpoint table and the section machinery.
export * from './permissions.ts';
export * from './messages.ts';
export * from './numbers.ts';
export * from './rules/index.ts';
export * from './options/index.ts';
export * from './options/records.ts';
export * from './options/ce-test.ts';
export * from './options/acucloud.ts';
export * from './meter-state/index.ts';
export * from './time/time-zone.ts';
export * from './trends/index.ts';
export * from './routes.ts';
export * from './endpoints/index.ts';
// The zod-free copy of the table (generated): beside it, not through it, so neither imports the other.
export * from './endpoints/calls.ts';
export * from './schemas/common.ts';
export * from './sections/section.ts';
export * from './user-activity.ts';

// One file (or folder) per area: its labels, texts, schemas, sections and calls.
export * from './areas/auth.ts';
export * from './areas/device.ts';
export * from './areas/readings/index.ts';
export * from './areas/logs/index.ts';
export * from './areas/trends/index.ts';
export * from './areas/users/index.ts';
export * from './areas/meter-settings/index.ts';
export * from './areas/records/index.ts';
export * from './areas/ce-test.ts';
export * from './areas/maintenance/index.ts';
export * from './areas/config-backup/index.ts';
export * from './areas/network-diagnostic/index.ts';
export * from './areas/firmware/index.ts';
export * from './areas/emergency/index.ts';
export * from './areas/posting/index.ts';
export * from './areas/data-log.ts';
export * from './areas/date-time.ts';
export * from './areas/whitelist.ts';
export * from './areas/certificates/index.ts';
export * from './areas/mqtt.ts';
export * from './areas/snmp.ts';
export * from './areas/bacnet.ts';
export * from './areas/email.ts';
export * from './areas/network/index.ts';
export * from './areas/acucloud.ts';
export * from './areas/downloads.ts';
export * from './areas/integration.ts';
