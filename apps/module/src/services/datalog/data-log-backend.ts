/**
 * The data log settings section (002 §3.4) on the loggers' own key: a saved change applies at
 * the next tick. A log may only post through an enabled channel (the other half of §4.2's rule
 * that a channel in use cannot be disabled).
 */
import { DATA_LOG_KEYS, dataLogTexts as t, type DataLogConfig } from '@meter/contract';
import { badRequest } from '../../errors.ts';
import type { KeyValueStore } from '../../store/db.ts';
import type { SectionBackend } from '../sections/section-backend.ts';
import { DATA_LOG_SETTINGS_KEY, defaultSettings } from './config.ts';

export function dataLogBackend(kv: KeyValueStore, channelEnabled: (n: number) => boolean): SectionBackend<DataLogConfig> {
  return {
    read: () => kv.getOrInit(DATA_LOG_SETTINGS_KEY, defaultSettings) as DataLogConfig,
    write: (next) => kv.set(DATA_LOG_SETTINGS_KEY, next),
    check: (next, before) => {
      for (const key of DATA_LOG_KEYS) {
        const row = next[key];
        if (!row.enable) continue;
        // A channel listed before may stay listed while the operator fixes it elsewhere; a new one must be on.
        const added = row.postChannel.filter((n) => !(before[key].enable && before[key].postChannel.includes(n)));
        const off = added.find((n) => !channelEnabled(n));
        if (off !== undefined) {
          const message = t.channelDisabled(off);
          throw badRequest(message, { [`${key}.postChannel`]: message });
        }
      }
    },
  };
}
