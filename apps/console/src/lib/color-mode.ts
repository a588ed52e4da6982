/**
 * Light or dark (Bootstrap's colour modes, `data-bs-theme` on <html>): the system's
 * prefers-color-scheme unless the user picked one in the user menu, which this browser remembers.
 */
import { COLOR_MODE_KEY } from './storage-keys.ts';
import { createStore } from './store.ts';

export type ColorMode = 'light' | 'dark';
export type ColorModeChoice = ColorMode | 'auto';

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

function storedChoice(): ColorModeChoice {
  try {
    const v = localStorage.getItem(COLOR_MODE_KEY);
    return v === 'light' || v === 'dark' ? v : 'auto';
  } catch {
    // Storage can be blocked (private modes, policies): then the system decides.
    return 'auto';
  }
}

const resolve = (choice: ColorModeChoice): ColorMode => (choice === 'auto' ? (systemDark() ? 'dark' : 'light') : choice);

export interface ColorModeState {
  choice: ColorModeChoice;
  mode: ColorMode;
}

export const colorModeStore = createStore<ColorModeState>({ choice: 'auto', mode: 'light' });

function apply(choice: ColorModeChoice) {
  const mode = resolve(choice);
  document.documentElement.setAttribute('data-bs-theme', mode);
  const cur = colorModeStore.get();
  if (cur.choice !== choice || cur.mode !== mode) colorModeStore.set({ choice, mode });
}

/** Called once before the first render, so the first paint is already in the right mode. */
export function initColorMode(): void {
  apply(storedChoice());
  if (typeof matchMedia === 'function') matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => apply(colorModeStore.get().choice));
  // Another tab changed it.
  addEventListener('storage', (e) => {
    if (e.key === COLOR_MODE_KEY) apply(storedChoice());
  });
}

export function chooseColorMode(choice: ColorModeChoice): void {
  try {
    if (choice === 'auto') localStorage.removeItem(COLOR_MODE_KEY);
    else localStorage.setItem(COLOR_MODE_KEY, choice);
  } catch {
    // Not remembered, but still applied for this page.
  }
  apply(choice);
}
