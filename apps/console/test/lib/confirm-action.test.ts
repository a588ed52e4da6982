import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shellTexts } from '@meter/contract';
import { confirmAction } from '../../src/lib/confirm-action.ts';
import { closeModal, modalStore, openModal } from '../../src/lib/modal.ts';

function deferred() {
  let resolve!: (v: boolean | void) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<boolean | void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const confirmButton = () => modalStore.get()!.buttons[1]!;

test('asks with Cancel (secondary, dismiss) left of Yes, Continue (danger), and lists the detail', () => {
  confirmAction({ title: 'T', body: 'B', detail: ['a', 'b'], run: async () => {} });
  const m = modalStore.get()!;
  assert.equal(m.title, 'T');
  assert.equal(m.body, 'B');
  assert.deepEqual(m.detail, ['a', 'b']);
  assert.deepEqual(
    m.buttons.map(({ text, type, dismiss }) => ({ text, type, dismiss })),
    [
      { text: shellTexts.cancel, type: 'secondary', dismiss: true },
      { text: shellTexts.yesContinue, type: 'danger', dismiss: undefined },
    ],
  );
  closeModal();
});

test('the confirm button is busy while the work runs; success runs onSuccess and closes', async () => {
  const work = deferred();
  const seen: string[] = [];
  confirmAction({ title: 'T', body: 'B', confirmText: 'Go', confirmVariant: 'primary', run: () => work.promise, onSuccess: () => seen.push('ok'), onFailure: () => seen.push('failed') });
  assert.equal(confirmButton().type, 'primary');
  const pressed = confirmButton().action!();
  assert.equal(confirmButton().processing, true);
  assert.deepEqual(seen, []);
  work.resolve();
  await pressed;
  assert.deepEqual(seen, ['ok']);
  assert.equal(modalStore.get(), null);
});

test('resolving false or rejecting runs onFailure and closes', async () => {
  for (const settle of [(d: ReturnType<typeof deferred>) => d.resolve(false), (d: ReturnType<typeof deferred>) => d.reject(new Error('x'))]) {
    const work = deferred();
    const seen: string[] = [];
    confirmAction({ title: 'T', body: 'B', run: () => work.promise, onSuccess: () => seen.push('ok'), onFailure: () => seen.push('failed') });
    const pressed = confirmButton().action!();
    settle(work);
    await pressed;
    assert.deepEqual(seen, ['failed']);
    assert.equal(modalStore.get(), null);
  }
});

test('a failure without onFailure only closes (the request helper has reported it)', async () => {
  confirmAction({ title: 'T', body: 'B', run: () => Promise.reject(new Error('x')) });
  await confirmButton().action!();
  assert.equal(modalStore.get(), null);
});

test('an outcome that opens the next modal keeps it open', async () => {
  confirmAction({ title: 'T', body: 'B', run: async () => true, onSuccess: () => openModal({ title: 'Next', body: 'N', buttons: [] }) });
  await confirmButton().action!();
  assert.equal(modalStore.get()?.title, 'Next');
  closeModal();
});

test('the cancel button can be replaced', () => {
  const later = { text: 'Later', type: 'secondary', action: () => {} };
  confirmAction({ title: 'T', body: 'B', run: async () => {}, cancel: later });
  assert.equal(modalStore.get()!.buttons[0], later);
  assert.equal(modalStore.get()!.detail, undefined);
  closeModal();
});
