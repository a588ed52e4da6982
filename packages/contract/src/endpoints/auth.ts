import { emptyBody, successReply } from '../schemas/common.ts';
import * as auth from '../schemas/auth.ts';
import * as device from '../schemas/device.ts';
import { PUBLIC, SESSION, ep } from './define.ts';

export const authEndpoints = {
  // Sign-in and session (000 §7). Logout is the module's own call: the spec shows none.
  authenticate: ep({ method: 'POST', path: '/users/authenticate', body: auth.loginBody, reply: auth.sessionUser, auth: PUBLIC }),
  logout: ep({ method: 'POST', path: '/users/logout', body: emptyBody, reply: successReply, auth: SESSION, duringPasswordChange: true }),
  systemMode: ep({ method: 'GET', path: '/systemMode', reply: auth.systemModeReply, auth: PUBLIC }),
  certificate: ep({ method: 'GET', path: '/cert_accu.cer', auth: PUBLIC, file: true }),
  // The module's own call: the session's time left before its inactivity timeout. Asking does not
  // count as activity unless the user-activity header says so ("Stay signed in" sends it).
  sessionStatus: ep({ method: 'GET', path: '/users/session', reply: auth.sessionStatusReply, auth: SESSION, duringPasswordChange: true }),
  productionTestResult: ep({ method: 'GET', path: '/productionTest/result', reply: device.productionTestResult, auth: PUBLIC }),
} as const;
