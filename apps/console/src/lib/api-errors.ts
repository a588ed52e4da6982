/** The generic error catalogue of 000 §8: status of a failed call → what the user is shown. */
import { requestMessages, type AlertType } from '@meter/contract';
import type { StaticAlertKind } from './alerts.ts';

export type FailureNotice = { kind: 'static'; alert: StaticAlertKind } | { kind: 'alert'; type: AlertType; message: string };

/** Status 0 means the call got no response at all. */
export const NO_RESPONSE = 0;

export function genericFailure(status: number): FailureNotice {
  switch (status) {
    case NO_RESPONSE:
      return { kind: 'static', alert: 'network' };
    case 400:
      return { kind: 'alert', type: 'danger', message: requestMessages.badRequest };
    case 401:
      return { kind: 'static', alert: 'unauthorized' };
    case 404:
      return { kind: 'alert', type: 'danger', message: requestMessages.notFound };
    case 423:
      return { kind: 'alert', type: 'danger', message: requestMessages.locked };
    case 500:
      return { kind: 'alert', type: 'danger', message: requestMessages.serverError };
    case 503:
      return { kind: 'static', alert: 'webServerDown' };
    default:
      return { kind: 'alert', type: 'danger', message: requestMessages.otherStatus(status) };
  }
}

/** A download's own catalogue (000 §8): not found has its own text; a download may name one text for every failure. */
export function downloadFailure(status: number, failureMessage?: string): FailureNotice {
  if (failureMessage && status !== 401) return { kind: 'alert', type: 'danger', message: failureMessage };
  if (status === 404) return { kind: 'alert', type: 'danger', message: requestMessages.fileNotFound };
  return genericFailure(status);
}
