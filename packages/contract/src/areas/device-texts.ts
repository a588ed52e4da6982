/**
 * Labels of the device's facts (000 §2 About › Information, Production Test), zod-free: the About
 * tables and the production test's rows and report read them without the device schemas.
 */
export const DEVICE_INFO_LABELS = {
  model: 'Model',
  hardwareVersion: 'Hardware Version',
  firmwareVersion: 'Firmware Version',
  releaseDate: 'Release Date',
  serialNumber: 'Serial Number',
} as const;
