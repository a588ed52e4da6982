export * from './validators.ts';
export * from './fields.ts';
