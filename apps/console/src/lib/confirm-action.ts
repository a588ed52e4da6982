/**
 * Confirm, then run (000 §3 "Modal"): the question in the global modal, the confirm button busy
 * while the work runs, then the outcome and the modal closed.
 */
import { shellTexts } from '@meter/contract';
import { closeModal, modalStore, openModal, setButtonProcessing, type ModalButton } from './modal.ts';

export interface ConfirmAction {
  title: string;
  body: string;
  detail?: readonly string[];
  /** 'Yes, Continue' unless told. */
  confirmText?: string;
  /** 'danger' unless told. */
  confirmVariant?: string;
  /** The button left of the action; a plain Cancel unless told. */
  cancel?: ModalButton;
  /** Resolving `false` or rejecting is a failure; a rejected call has usually been reported by the request helper. */
  run: () => Promise<boolean | void>;
  onSuccess?: () => void;
  onFailure?: () => void;
}

export function confirmAction({ title, body, detail, confirmText = shellTexts.yesContinue, confirmVariant = 'danger', cancel, run, onSuccess, onFailure }: ConfirmAction): void {
  openModal({
    title,
    body,
    ...(detail && { detail }),
    // One order in every dialog: the way out on the left, the action on the right.
    buttons: [
      cancel ?? { text: shellTexts.cancel, type: 'secondary', dismiss: true },
      {
        text: confirmText,
        type: confirmVariant,
        action: async () => {
          setButtonProcessing(confirmText, true);
          const ok = await run().then(
            (r) => r !== false,
            () => false,
          );
          const shown = modalStore.get();
          try {
            (ok ? onSuccess : onFailure)?.();
          } finally {
            // An outcome that opens the next question (the reboot prompt) keeps it on screen.
            if (modalStore.get() === shown) closeModal();
          }
        },
      },
    ],
  });
}
