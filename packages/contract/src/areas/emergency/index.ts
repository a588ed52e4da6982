/** Emergency mode (002 §2.16, §7.8): the texts (zod-free, texts.ts) and the schemas, sections and calls (emergency.ts). */
export * from './texts.ts';
export * from './emergency.ts';
