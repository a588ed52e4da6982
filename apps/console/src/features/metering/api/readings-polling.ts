/** Polling of the readings views (000 §7: readings every 5 s; 001 §9: demand every 5 s). */
import { TIMING } from '@meter/contract';
import { ApiError } from '../../../lib/api.ts';
import { NO_CHANNEL } from '../../../components/channel-options.ts';

export const READINGS_REFRESH_MS = TIMING.readingsRefreshMs;

/** A channel the device does not have stays absent: one 'No data available' is enough. */
export const channelRefetch = (q: { state: { error: unknown } }): number | false => (q.state.error instanceof ApiError && q.state.error.status === 404 ? false : READINGS_REFRESH_MS);

/** Options of a per-channel query: not loaded while no channel is chosen (-1), polled while it is. */
export const channelPolling = (channel: number) => ({ enabled: channel !== NO_CHANNEL, refetchInterval: channelRefetch });
