import { successReply } from '../schemas/common.ts';
import * as readings from '../schemas/readings.ts';
import * as metering from '../schemas/metering.ts';
import { read, write, pathParams, ep } from './define.ts';

export const readingEndpoints = {
  // Readings (000 §7).
  realtimeSystem: ep({ method: 'GET', path: '/readings/realtime/system', reply: readings.readingRows, auth: read('readings') }),
  realtimeChannel: ep({ method: 'GET', path: '/readings/realtime/channels/:channel', params: pathParams('channel'), reply: readings.readingRows, auth: read('readings') }),
  energySystem: ep({ method: 'GET', path: '/readings/energy/system', reply: metering.energyRows, auth: read('readings') }),
  energyChannel: ep({ method: 'GET', path: '/readings/energy/channels/:channel', params: pathParams('channel'), reply: metering.energyRows, auth: read('readings') }),
  demandSystem: ep({ method: 'GET', path: '/readings/demand/system', reply: metering.demandRows, auth: read('readings') }),
  demandChannel: ep({ method: 'GET', path: '/readings/demand/channels/:channel', params: pathParams('channel'), reply: metering.demandRows, auth: read('readings') }),
  harmonicsVoltage: ep({ method: 'GET', path: '/readings/harmonics/voltage', reply: metering.harmonicsRows, auth: read('readings') }),
  harmonicsCurrent: ep({ method: 'GET', path: '/readings/harmonics/current/:channel', params: pathParams('channel'), reply: metering.harmonicsRows, auth: read('readings') }),
  /** Whether the meter answers (issue 26: a real meter behind the module); the readings screens' banner. */
  meterLink: ep({ method: 'GET', path: '/readings/meter-link', reply: readings.meterLinkReply, auth: read('readings') }),
  io: ep({ method: 'GET', path: '/readings/io', reply: metering.ioReply, auth: read('readings') }),
  /** The console shows Toggle to admin only (000 §6); the server's rule is readings edit. */
  setRO: ep({ method: 'PATCH', path: '/command/setRO', body: metering.setRoBody, reply: successReply, auth: write('readings') }),
} as const;
