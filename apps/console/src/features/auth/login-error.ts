/** Sign-in failures (000 §8 "Specific"): what a failed authenticate call shows. */
import { loginMessages } from '@meter/contract';
import type { FailureNotice } from '../../lib/api-errors.ts';

export function loginFailure(status: number, replyText: string | undefined): FailureNotice {
  const locked: FailureNotice = { kind: 'alert', type: 'danger', message: loginMessages.accountLocked };
  if (status === 401) {
    const text = (replyText ?? '').toLowerCase();
    return text.includes(loginMessages.lockedMarker.toLowerCase()) ? locked : { kind: 'alert', type: 'danger', message: loginMessages.incorrect };
  }
  if (status === 423) return locked;
  return { kind: 'static', alert: 'network' };
}
