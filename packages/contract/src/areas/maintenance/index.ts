/** Settings › Management and Debug Diagnostic (002 §2.11, §2.12, §7.5): the texts (zod-free, texts.ts) and the schemas, sections and calls (maintenance.ts). */
export * from './texts.ts';
export * from './maintenance.ts';
