/** The shared reboot prompt (000 §4): Reboot now (with a processing state) or Reboot Later. */
import { shellTexts } from '@meter/contract';
import { closeModal, openModal, setButtonProcessing, updateModal } from '../lib/modal.ts';
import { requestReboot } from '../lib/reboot.ts';

export function openRebootModal(): void {
  openModal({
    title: shellTexts.actionRequired,
    body: shellTexts.rebootNow,
    buttons: [
      {
        text: shellTexts.reboot,
        type: 'danger',
        action: async () => {
          setButtonProcessing(shellTexts.reboot, true);
          await requestReboot();
          closeModal();
        },
      },
      {
        text: shellTexts.rebootLater,
        type: 'secondary',
        action: () => updateModal({ body: shellTexts.rebootLaterHint, buttons: [{ text: shellTexts.ok, type: 'primary', dismiss: true }] }),
      },
    ],
  });
}
