/** The global modal (000 §3 "Modal"): title, body and buttons with type, dismiss, processing, action. */
import { createStore } from './store.ts';

export interface ModalButton {
  text: string;
  /** Bootstrap variant. */
  type?: string;
  /** Close the modal after the action (or at once when there is none). */
  dismiss?: boolean;
  /** Disabled with a spinner while its action runs. */
  processing?: boolean;
  action?: () => void | Promise<void>;
}

export interface ModalState {
  title: string;
  body: string;
  /** Lines listed under the body (000 §3 modal "detail"), e.g. the files a confirmation is about. */
  detail?: readonly string[];
  buttons: ModalButton[];
}

export const modalStore = createStore<ModalState | null>(null);

export const openModal = (state: ModalState): void => modalStore.set(state);
export const closeModal = (): void => modalStore.set(null);
export const updateModal = (patch: Partial<ModalState>): void => modalStore.set((m) => (m ? { ...m, ...patch } : m));

export function setButtonProcessing(text: string, processing: boolean): void {
  modalStore.set((m) => (m ? { ...m, buttons: m.buttons.map((b) => (b.text === text ? { ...b, processing } : b)) } : m));
}
