/** Trend logs (001 §2 to §8): the texts (zod-free, texts.ts) and the schemas, sections and calls (trends.ts). */
export * from './texts.ts';
export * from './trends.ts';
