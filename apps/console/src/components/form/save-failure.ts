/** What the user is told when a save is refused (002 §8.3: the module's reply text, danger). */
import { ApiError, presentFailure } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';
import { genericFailure } from '../../lib/api-errors.ts';
import { serverFieldErrors } from './server-errors.ts';

/**
 * Shows `data.value` (or the generic catalogue's text when the reply had none) and returns the
 * per-field messages to put under the inputs. Save calls are made with `suppress: true`, so this
 * is the only alert; a 401 has already been handled by the request helper (alert and Login).
 */
export function reportSaveFailure(error: unknown, fieldNames: readonly string[], aliases?: Readonly<Record<string, string>>, message?: string): Record<string, string> {
  if (!(error instanceof ApiError)) throw error;
  if (error.aborted || error.status === 401) return {};
  if (message) showAlert({ type: 'danger', message });
  else if (error.value) showAlert({ type: 'danger', message: error.value });
  else presentFailure(genericFailure(error.status));
  return serverFieldErrors(error.errors, fieldNames, aliases).byField;
}
