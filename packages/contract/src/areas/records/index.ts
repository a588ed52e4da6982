/** The records area (000 §2 to §9): installation and inspection records. */
export * from './schemas.ts';
export * from './sections.ts';
export * from './record-view.ts';
