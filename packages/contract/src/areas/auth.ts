/**
 * Sign-in and session (000 §4, §7): the bodies and replies and the calls.
 */
import { z } from 'zod';
import { text, strictObject } from '../rules/fields.ts';
import { emptyBody, successReply } from '../schemas/common.ts';
import { productionTestResult } from './device.ts';
import { PUBLIC, SESSION, ep } from '../endpoints/define.ts';

export const loginBody = strictObject({
  username: text('User Name'),
  password: text('Password'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  token: z.string(),
  userName: z.string(),
  accessLevel: z.string(),
  permission: z.number().int(),
  /** The password is a default one (the generated first-start one, or set by an unlock after expiry). */
  default: z.boolean(),
  /**
   * The module's own field (000 §3 shows none): the password is a default one or has expired (002
   * §4.11 grace period), and this session may only change it or sign out. Absent means false.
   */
  passwordChangeRequired: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const systemModeReply = z.object({ mode: z.number().int() });

/**
 * The module's own call (the spec shows none): how long the caller's session has left before its
 * inactivity timeout (002 §4.11 sessionTimeout), for the console's warning. All in seconds;
 * timeoutSeconds 0: the session never times out. warningSeconds: how long before the end the
 * warning comes (a minute of the timeout's clock).
 */
export const sessionStatusReply = z.object({
  timeoutSeconds: z.number().int().min(0),
  remainingSeconds: z.number().min(0),
  warningSeconds: z.number().min(0),
});
export type SessionStatusReply = z.infer<typeof sessionStatusReply>;

export const authEndpoints = {
  // Sign-in and session (000 §7). Logout is the module's own call: the spec shows none.
  authenticate: ep({ method: 'POST', path: '/users/authenticate', body: loginBody, reply: sessionUser, auth: PUBLIC }),
  logout: ep({ method: 'POST', path: '/users/logout', body: emptyBody, reply: successReply, auth: SESSION, duringPasswordChange: true }),
  systemMode: ep({ method: 'GET', path: '/systemMode', reply: systemModeReply, auth: PUBLIC }),
  certificate: ep({ method: 'GET', path: '/cert_accu.cer', auth: PUBLIC, file: true }),
  // The module's own call: the session's time left before its inactivity timeout. Asking does not
  // count as activity unless the user-activity header says so ("Stay signed in" sends it).
  sessionStatus: ep({ method: 'GET', path: '/users/session', reply: sessionStatusReply, auth: SESSION, duringPasswordChange: true }),
  productionTestResult: ep({ method: 'GET', path: '/productionTest/result', reply: productionTestResult, auth: PUBLIC }),
} as const;
