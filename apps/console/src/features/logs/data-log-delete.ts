/** Delete Selected (001 §8): nothing selected → info; else a confirmation listing the names, then the call. */
import { logTexts, shellTexts } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { confirmAction } from '../../lib/confirm-action.ts';

export function confirmDelete(names: readonly string[], remove: (names: string[]) => Promise<unknown>, done: () => void): void {
  if (names.length === 0) {
    showAlert({ type: 'info', message: logTexts.noDataLogSelected });
    return;
  }
  confirmAction({
    title: shellTexts.confirmation,
    body: logTexts.deleteDataLogConfirm,
    detail: [...names].sort(),
    run: async () => {
      await remove([...names]);
    },
    onSuccess: () => {
      showAlert({ type: 'success', message: logTexts.dataLogFilesDeleted });
      done();
    },
    onFailure: () => showAlert({ type: 'danger', message: logTexts.fileDeleteFailed }),
  });
}
