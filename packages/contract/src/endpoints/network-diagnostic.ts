/** Network Diagnostic (002 §7.7): one command and one output call per sub-page. */
import { successReply } from '../schemas/common.ts';
import { beginTestBody, connectionTestOutput, diagnoseOutput, hostLookupBody, refreshBody } from '../schemas/network-diagnostic.ts';
import { ep, read, write } from './define.ts';

export const networkDiagnosticEndpoints = {
  networkStatusCmd: ep({ method: 'PATCH', path: '/diagnose/networkStatusCMD', body: refreshBody, reply: successReply, auth: read('configuration') }),
  networkStatusOutput: ep({ method: 'GET', path: '/diagnose/networkStatusOutput', reply: diagnoseOutput, auth: read('configuration') }),
  /** Runs tools toward a host the caller names: an edit on configuration. */
  hostLookupCmd: ep({ method: 'PATCH', path: '/diagnose/hostLookupCMD', body: hostLookupBody, reply: successReply, auth: write('configuration') }),
  hostLookupOutput: ep({ method: 'GET', path: '/diagnose/hostLookupOutput', reply: diagnoseOutput, auth: read('configuration') }),
  connectionTestCmd: ep({ method: 'PATCH', path: '/diagnose/connectionTestCMD', body: beginTestBody, reply: successReply, auth: write('configuration') }),
  connectionTestOutput: ep({ method: 'GET', path: '/diagnose/connectionTestOutput', reply: connectionTestOutput, auth: read('configuration') }),
} as const;
