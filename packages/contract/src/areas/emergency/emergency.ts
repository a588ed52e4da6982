/**
 * Emergency mode (002 §2.16, §7.8, §8): the wizard's own endpoint; the texts in texts.ts.
 */
import { emptyBody, successReply } from '../../schemas/common.ts';
import { ep, read } from '../../endpoints/define.ts';

/** Emergency mode (002 §2.16, §7.8): the wizard's own calls; the others are those of logs, trends, management and firmware. */
export const emergencyEndpoints = {
  /** Step 1: the current configuration as a .conf.an; the reply's value is its link (configFile), as config/export's. */
  exportCurrentConfig: ep({ method: 'PATCH', path: '/command/emergency/exportCurrentConfig', body: emptyBody, reply: successReply, auth: read('configuration') }),
} as const;
