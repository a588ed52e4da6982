/** Emergency mode (002 §2.16, §7.8): the wizard's own calls; the others are those of logs, trends, management and firmware. */
import { emptyBody, successReply } from '../schemas/common.ts';
import { ep, read } from './define.ts';

export const emergencyEndpoints = {
  /** Step 1: the current configuration as a .conf.an; the reply's value is its link (configFile), as config/export's. */
  exportCurrentConfig: ep({ method: 'PATCH', path: '/command/emergency/exportCurrentConfig', body: emptyBody, reply: successReply, auth: read('configuration') }),
} as const;
