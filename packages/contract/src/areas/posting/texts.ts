/**
 * Post channel texts (002 §2.5, §8), zod-free: the AcuCloud screen reads them without the channel schemas.
 */

/** Post channels (002 §4.2, §8.1, §8.2) and the module's answers to testPoster (decided, see docs/decisions/communication-post-channels.md). */
export const postingTexts = {
  saved: 'Post channel config saved',
  cleared: 'Post channel logs cleared',
  clearFailed: 'Post channel logs clear failed',
  clearConfirm: 'Are you sure you want to clear post channel logs?',
  usernameColon: 'HTTP/HTTPS Username cannot contain colon',
  testResult: 'Test Result',
  test: 'Test',
  clearLogs: 'Clear Logs',
  /** The help under Enable: the logs that post through this channel. */
  usedBy: (logs: string) => `Used by ${logs}: it cannot be disabled while a data log uses it.`,
  inUse: (channel: number, logs: string) => `Post Channel ${channel} is used by ${logs} and cannot be disabled`,
  logList: (ids: readonly number[]) => ids.map((id) => `Data Log ${id}`).join(', '),
  health: 'Channel Health',
  lastSuccess: 'Last Success',
  lastFailure: 'Last Failure',
  waiting: 'Files Waiting',
  never: 'Never',
  // testPoster's result text: what happened, in words.
  testOk: (target: string, file: string) => `Connected to ${target}: test file ${file} accepted`,
  disabled: 'The channel is disabled',
  // Refused, reset, another protocol or the module's own port: one text (issue 25, outbound guard).
  couldNotConnect: (target: string) => `Could not connect to ${target}`,
  authFailed: (target: string) => `Connected to ${target}: authentication failed`,
  timedOut: (target: string, seconds: number) => `No answer from ${target} within ${seconds} s: timed out`,
  notFound: (host: string) => `Host ${host} not found`,
  httpStatus: (target: string, status: number) => `Connected to ${target}: the server answered HTTP ${status}`,
  failed: (target: string, reason: string) => `Sending to ${target} failed: ${reason}`,
  untrusted: (target: string, code: string) => `Connected to ${target}: the server's certificate is not trusted (${code})`,
  channelEvent: (channel: number, reason: string) => `Post Channel ${channel}: ${reason}`,
  settingsTitle: 'Post channel settings',
} as const;
