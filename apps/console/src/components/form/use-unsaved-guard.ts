/**
 * The unsaved-change guard (000 §4), mounted once in the signed-in layout: leaving a page whose
 * forms report changes asks first in the global modal; closing the tab or reloading gets the
 * browser's own warning. Forms report through lib/unsaved-changes.
 */
import { useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { shellTexts } from '@meter/contract';
import { closeModal, modalStore, openModal } from '../../lib/modal.ts';
import { showAlert } from '../../lib/alerts.ts';
import { hasUnsavedChanges, runningOperation, shouldBlockLeaving, shouldRefuseLeaving } from '../../lib/unsaved-changes.ts';

// Asked at the moment of leaving (not taken from a render), so a screen that saves and then
// navigates in the same tick is not stopped by its own stale changes.
const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
  shouldRefuseLeaving(currentLocation.pathname, nextLocation.pathname) || shouldBlockLeaving(currentLocation.pathname, nextLocation.pathname);

function warnBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedChanges() && !runningOperation()) return;
  event.preventDefault();
  // Older browsers show the warning only when returnValue is set.
  event.returnValue = '';
}

export function useUnsavedChangesGuard(): void {
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // 002 §4.10: a running operation is not a question: the user stays, told why.
    const running = runningOperation();
    if (running) {
      showAlert({ type: 'warning', message: running });
      blocker.reset();
      return;
    }
    let settled = false;
    const settle = (leave: boolean) => {
      if (settled) return;
      settled = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    };
    openModal({
      title: shellTexts.unsavedTitle,
      body: shellTexts.unsavedBody,
      buttons: [
        { text: shellTexts.cancel, type: 'secondary', dismiss: true, action: () => settle(false) },
        { text: shellTexts.yesContinue, type: 'primary', dismiss: true, action: () => settle(true) },
      ],
    });
    const ours = modalStore.get();
    // Closing the modal any other way (×, Escape, backdrop) keeps the user on the page, like Cancel.
    const unsubscribe = modalStore.subscribe(() => {
      if (modalStore.get() !== ours) settle(false);
    });
    return () => {
      unsubscribe();
      // The layout went away without an answer (signed out): the question is moot.
      if (!settled && modalStore.get() === ours) closeModal();
    };
  }, [blocker]);

  useEffect(() => {
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, []);
}
