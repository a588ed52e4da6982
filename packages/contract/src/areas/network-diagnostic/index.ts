/** Network diagnostic (002 §2.14, §7.5): the texts (zod-free, texts.ts) and the schemas, sections and calls (network-diagnostic.ts). */
export * from './texts.ts';
export * from './network-diagnostic.ts';
