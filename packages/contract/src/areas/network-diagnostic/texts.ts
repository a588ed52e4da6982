/**
 * Network diagnostic texts (002 §2.14), zod-free: the screens read them without the schemas.
 */

/** Network Diagnostic (002 §2.14). The spec shows no texts beyond the labels: decided here. */
export const networkDiagnosticTexts = {
  networkStatus: 'Networking Status',
  hostLookup: 'Host Lookup',
  connectionTest: 'Connection Test',
  refresh: 'Refresh',
  lookup: 'Lookup',
  beginTest: 'Begin Test',
  domain: 'Domain',
  alreadyRunning: 'A diagnostic of this session is still running: wait for it to end',
  stopped: (seconds: number) => `Stopped after ${seconds} s`,
} as const;
