import { useCallback, useSyncExternalStore } from 'react';

/** Below Bootstrap's sm breakpoint: a phone held upright (issue 28's 390 px). */
export const PHONE_QUERY = '(max-width: 575.98px)';

/** Whether a CSS media query matches, following its changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(query).matches,
    () => false,
  );
}

export const usePhone = (): boolean => useMediaQuery(PHONE_QUERY);
