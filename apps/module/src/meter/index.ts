export type * from './reading-source.ts';
export { SimulatedMeter, type SimulatorOptions } from './simulator.ts';
export { SimulatedSource } from './simulated-source.ts';
export { systemRows, channelRows, channelInputs, inputChannelName, userNameOf } from './rows.ts';
export { defaultMeterConfig, mergeMeterConfig, DEFAULT_RATED_VOLTAGE, DEFAULT_CT_FULL_SCALE } from './config.ts';
export type { Zone } from './local-time.ts';
