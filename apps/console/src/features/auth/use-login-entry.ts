import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LOGOUT_PARAM, REBOOT_PARAM } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { startRebootWait } from '../../lib/reboot-state.ts';
import { announceSignOut, clearSession, getSession } from '../../lib/session.ts';
import { logout } from './api/use-sign-in.ts';

/** Entering Login clears the stored user; `?reboot` waits for the module, `?logout` signs out on the module (000 §2). */
export function useLoginEntry(): void {
  const [params] = useSearchParams();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const token = getSession()?.token;
    clearSession();
    // The previous user's answers must not show to the next one.
    queryClient.removeQueries({ type: 'inactive' });
    if (params.has(REBOOT_PARAM)) startRebootWait();
    if (params.has(LOGOUT_PARAM) && token) {
      announceSignOut();
      void logout(token);
    }
  }, [params]);
}
