export * from './validators.ts';
export * from './fields.ts';
export * from './field-meta.ts';
