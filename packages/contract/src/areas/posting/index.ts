/** Post channels (002 §3.6, §5.5, §7.2): the texts (zod-free, texts.ts) and the schemas, sections and calls (posting.ts). */
export * from './texts.ts';
export * from './posting.ts';
