/** The user management area (002 §2.17 to §2.20): texts (zod-free) and schemas, section and calls. */
export * from './texts.ts';
export * from './users.ts';
