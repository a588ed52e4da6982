/** Module firmware (002 §2.13, §7.4, §7.6): the texts (zod-free, texts.ts) and the schemas, sections and calls (firmware.ts). */
export * from './texts.ts';
export * from './firmware.ts';
