/** Network Diagnostic (002 §7.7): diagnose/{name}CMD starts a run of the caller's session, diagnose/{name}Output reads it. */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Principal } from '../../context.ts';
import type { NetworkDiagnostic } from '../../services/network-diagnostic/index.ts';
import { handle } from '../registry.ts';

export interface NetworkDiagnosticApiOptions {
  diagnostic: NetworkDiagnostic;
}

/** One run at a time per session (an API token has none: its runs share the key of the token). */
const sessionOf = (p: Principal) => p.sessionId ?? `${p.kind}:${p.userName}`;

export const networkDiagnosticApi: FastifyPluginAsync<NetworkDiagnosticApiOptions> = async (app, { diagnostic }) => {
  const ok = { value: serverMessages.success };
  handle(app, endpoints.networkStatusCmd, ({ principal }) => (diagnostic.networkStatus(sessionOf(principal)), ok));
  handle(app, endpoints.networkStatusOutput, ({ principal }) => diagnostic.output(sessionOf(principal), 'networkStatus'));
  handle(app, endpoints.hostLookupCmd, ({ body, principal }) => (diagnostic.hostLookup(sessionOf(principal), body.command), ok));
  handle(app, endpoints.hostLookupOutput, ({ principal }) => diagnostic.output(sessionOf(principal), 'hostLookup'));
  handle(app, endpoints.connectionTestCmd, ({ principal }) => (diagnostic.connectionTest(sessionOf(principal)), ok));
  handle(app, endpoints.connectionTestOutput, ({ principal }) => diagnostic.connectionTestOutput(sessionOf(principal)));
};
