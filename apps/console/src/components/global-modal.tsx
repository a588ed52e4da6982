import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { closeModal, modalStore, type ModalButton } from '../lib/modal.ts';
import { useStore } from '../lib/use-store.ts';

async function press(button: ModalButton) {
  if (button.action) await button.action();
  if (button.dismiss) closeModal();
}

/** The one modal of the app (000 §3 "Modal"); screens open it through lib/modal. */
export function GlobalModal() {
  const modal = useStore(modalStore);
  const titleId = useId();
  const busy = modal?.buttons.some((b) => b.processing) ?? false;
  return (
    <Modal show={modal !== null} onHide={() => !busy && closeModal()} backdrop={busy ? 'static' : true} centered aria-labelledby={titleId}>
      {modal && (
        <>
          <Modal.Header closeButton={!busy}>
            <Modal.Title id={titleId}>{modal.title}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {/* Its own element, so the body text is found as it is when detail lines follow. */}
            <div>{modal.body}</div>
            {modal.detail && modal.detail.length > 0 && (
              <ul className="mt-2 mb-0 text-break">
                {modal.detail.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Modal.Body>
          <Modal.Footer>
            {modal.buttons.map((b) => (
              <Button key={b.text} variant={b.type ?? 'primary'} disabled={b.processing} onClick={() => void press(b)}>
                {b.processing && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                {b.text}
              </Button>
            ))}
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
