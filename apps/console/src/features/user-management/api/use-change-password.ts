import { useMutation } from '@tanstack/react-query';
import { type BodyOf } from '@meter/contract';
import { calls } from '../../../lib/endpoint-table.ts';
import { callEndpoint, ifRevisionHeaders } from '../../../lib/api.ts';

type UserPasswordBody = BodyOf<typeof calls.setUserPassword>;
type OwnPasswordBody = BodyOf<typeof calls.setPassword>;

// Both report refusals through the form (002 §8.3: the reply text, danger), so the generic alert stays quiet.

/**
 * An administrator sets another user's password (PUT usermg/user/pwd/{username}), naming the
 * user's revision it read: a set over someone else's change of that user is refused (409).
 */
export const useSetUserPassword = () =>
  useMutation({
    mutationFn: ({ body, user }: { body: UserPasswordBody; user: unknown }) =>
      callEndpoint(calls.setUserPassword, { params: { username: body.name }, body, suppress: true, headers: ifRevisionHeaders(user) }),
  });

/** The signed-in user changes their own password with the current one (PATCH command/setPassword). */
export const useChangeOwnPassword = () =>
  useMutation({
    mutationFn: (body: OwnPasswordBody) => callEndpoint(calls.setPassword, { body, suppress: true }),
  });
