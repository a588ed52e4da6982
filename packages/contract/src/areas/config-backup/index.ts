/** Config management (002 §2.15, §7.7): the texts (zod-free, texts.ts) and the schemas, sections and calls (config-backup.ts). */
export * from './texts.ts';
export * from './config-backup.ts';
