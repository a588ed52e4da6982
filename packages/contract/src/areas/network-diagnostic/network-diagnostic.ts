/**
 * Network diagnostic (002 §2.14, §7.5): schemas and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { formMessages } from '../../messages.ts';
import { rule } from '../../rules/validators.ts';
import { strictObject, text } from '../../rules/fields.ts';
import { successReply } from '../../schemas/common.ts';
import { ep, read, write } from '../../endpoints/define.ts';

/**
 * Network Diagnostic (002 §2.14, §5.10, §7.7): PATCH diagnose/{name}CMD with a `command`, then
 * GET diagnose/{name}Output polled every 2 s. The names are decided (docs/decisions/network-diagnostic.md).
 */
export const DIAGNOSE_NAMES = ['networkStatus', 'hostLookup', 'connectionTest'] as const;
export type DiagnoseName = (typeof DIAGNOSE_NAMES)[number];

/** 002 §5.10: the domain is required and must be an IP address or a domain name; one option at least. */
export const hostLookupCommand = strictObject({
  domain: text('Domain', rule.ipOrDomain()),
  nslookup: z.boolean(),
  ping: z.boolean(),
  traceroute: z.boolean(),
}).refine((c) => c.nslookup || c.ping || c.traceroute, { error: formMessages.checkboxGroupRequired(), path: ['nslookup'] });
export type HostLookupCommand = z.infer<typeof hostLookupCommand>;

export const hostLookupBody = strictObject({ command: hostLookupCommand });
export const refreshBody = strictObject({ command: z.literal('refresh', { error: "command must be 'refresh'" }) });
export const beginTestBody = strictObject({ command: z.literal('begin', { error: "command must be 'begin'" }) });

/** What a run has printed so far; `running` false once it ended (or was stopped at its time limit). */
export const diagnoseOutput = z.object({ running: z.boolean(), output: z.string() });
export type DiagnoseOutput = z.infer<typeof diagnoseOutput>;

export const CONNECTION_TEST_STEPS = ['Network interface', 'Default gateway', 'Gateway reachable', 'DNS server', 'Name resolution'] as const;
export const connectionTestOutput = z.object({
  running: z.boolean(),
  steps: z.array(z.object({ name: z.string(), result: z.enum(['PASS', 'FAIL', 'RUNNING', 'SKIPPED']), detail: z.string() })),
});
export type ConnectionTestOutput = z.infer<typeof connectionTestOutput>;

/** Network Diagnostic (002 §7.7): one command and one output call per sub-page. */
export const networkDiagnosticEndpoints = {
  networkStatusCmd: ep({ method: 'PATCH', path: '/diagnose/networkStatusCMD', body: refreshBody, reply: successReply, auth: read('configuration') }),
  networkStatusOutput: ep({ method: 'GET', path: '/diagnose/networkStatusOutput', reply: diagnoseOutput, auth: read('configuration') }),
  /** Runs tools toward a host the caller names: an edit on configuration. */
  hostLookupCmd: ep({ method: 'PATCH', path: '/diagnose/hostLookupCMD', body: hostLookupBody, reply: successReply, auth: write('configuration') }),
  hostLookupOutput: ep({ method: 'GET', path: '/diagnose/hostLookupOutput', reply: diagnoseOutput, auth: read('configuration') }),
  connectionTestCmd: ep({ method: 'PATCH', path: '/diagnose/connectionTestCMD', body: beginTestBody, reply: successReply, auth: write('configuration') }),
  connectionTestOutput: ep({ method: 'GET', path: '/diagnose/connectionTestOutput', reply: connectionTestOutput, auth: read('configuration') }),
} as const;
