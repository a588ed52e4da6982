/** The readings area (000 §2, §3, §7): texts (zod-free), row schemas and calls. */
export * from './texts.ts';
export * from './readings.ts';
export * from './rows.ts';
