/** Certificate management (002 §2.9, §7.3): the texts (zod-free, texts.ts) and the schemas, sections and calls (certificates.ts). */
export * from './texts.ts';
export * from './certificates.ts';
