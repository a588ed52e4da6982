export * from './masks.ts';
export * from './selection.ts';
export * from './presets.ts';
export * from './transforms.ts';
