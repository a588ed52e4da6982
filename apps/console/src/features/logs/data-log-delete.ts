/** Delete Selected (001 §8): nothing selected → info; else a confirmation listing the names, then the call. */
import { logTexts, shellTexts } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { closeModal, openModal, setButtonProcessing } from '../../lib/modal.ts';

export function confirmDelete(names: readonly string[], remove: (names: string[]) => Promise<unknown>, done: () => void): void {
  if (names.length === 0) {
    showAlert({ type: 'info', message: logTexts.noDataLogSelected });
    return;
  }
  openModal({
    title: shellTexts.confirmation,
    body: logTexts.deleteDataLogConfirm,
    detail: [...names].sort(),
    buttons: [
      {
        text: shellTexts.yesContinue,
        type: 'danger',
        action: async () => {
          setButtonProcessing(shellTexts.yesContinue, true);
          try {
            await remove([...names]);
            showAlert({ type: 'success', message: logTexts.dataLogFilesDeleted });
            done();
          } catch {
            showAlert({ type: 'danger', message: logTexts.fileDeleteFailed });
          }
          closeModal();
        },
      },
      { text: shellTexts.cancel, type: 'secondary', dismiss: true },
    ],
  });
}
