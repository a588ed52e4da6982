/**
 * Sign-in failures (000 §8 "Specific"): what a failed authenticate call shows. The spec's texts
 * for 401 and 423 stay; any other refusal shows the module's own message (429 "Maximum number of
 * concurrent logins reached"), and the network alert is kept for a call that got no answer
 * (docs/decisions/console-feedback-and-flows.md, "Sign-in refusals").
 */
import { loginMessages } from '@meter/contract';
import { NO_RESPONSE, type FailureNotice } from '../../lib/api-errors.ts';

export function loginFailure(status: number, replyText: string | undefined): FailureNotice {
  const locked: FailureNotice = { kind: 'alert', type: 'danger', message: loginMessages.accountLocked };
  if (status === 401) {
    const text = (replyText ?? '').toLowerCase();
    return text.includes(loginMessages.lockedMarker.toLowerCase()) ? locked : { kind: 'alert', type: 'danger', message: loginMessages.incorrect };
  }
  if (status === 423) return locked;
  if (status !== NO_RESPONSE && replyText) return { kind: 'alert', type: 'danger', message: replyText };
  if (status === 503) return { kind: 'static', alert: 'webServerDown' };
  return { kind: 'static', alert: 'network' };
}
