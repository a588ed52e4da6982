import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@meter/contract';
import { callNamed } from '../../../lib/endpoint-table.ts';

/** Sign-in has its own catalogue (000 §8), so the generic one stays quiet. */
export const useSignIn = () =>
  useMutation({
    mutationFn: (body: LoginBody) => callNamed('authenticate', { body, token: null, suppress: true, redirectOn401: false }),
  });

/** Ends the session on the module; its failure changes nothing for the user (the local session is gone either way). */
export async function logout(token: string): Promise<void> {
  try {
    await callNamed('logout', { body: {}, token, suppress: true, redirectOn401: false, persistent: true });
  } catch {
    // Nothing to tell: see above.
  }
}
