/** The shared reboot prompt (000 §4): Reboot now (with a processing state) or Reboot Later. */
import { shellTexts } from '@meter/contract';
import { confirmAction } from '../lib/confirm-action.ts';
import { updateModal } from '../lib/modal.ts';
import { requestReboot } from '../lib/reboot.ts';

export function openRebootModal(): void {
  confirmAction({
    title: shellTexts.actionRequired,
    body: shellTexts.rebootNow,
    confirmText: shellTexts.reboot,
    // A refusal has shown the module's words; either way the prompt closes.
    run: requestReboot,
    cancel: {
      text: shellTexts.rebootLater,
      type: 'secondary',
      action: () => updateModal({ body: shellTexts.rebootLaterHint, buttons: [{ text: shellTexts.ok, type: 'primary', dismiss: true }] }),
    },
  });
}
