/** Logs (001 §2, §3, §7, §8; 002 §7.8): the texts (zod-free, texts.ts) and the schemas, sections and calls (logs.ts). */
export * from './texts.ts';
export * from './logs.ts';
