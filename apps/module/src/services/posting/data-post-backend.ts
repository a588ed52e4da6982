/**
 * The post channels' section in the generic kv store, with the rule of 002 §4.2: a channel an
 * enabled data log posts through cannot be disabled.
 */
import { DATA_LOG_IDS, dataPostSection, postingTexts as t, type DataPostConfig } from '@meter/contract';
import { badRequest } from '../../errors.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { loggerConfig } from '../datalog/config.ts';
import { kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';

/** The data logs (1-3) that post through channel n. */
export function logsUsing(kv: KeyValueStore, n: number): number[] {
  return DATA_LOG_IDS.filter((id) => id !== 'ac')
    .filter((id) => {
      const cfg = loggerConfig(kv, id);
      return cfg.enable && cfg.postChannel.includes(n);
    })
    .map(Number);
}

export function dataPostBackend(kv: KeyValueStore, onSaved: () => void): SectionBackend<DataPostConfig> {
  const base = kvSectionBackend(kv, dataPostSection);
  return {
    read: base.read,
    write: (next, before, w) => {
      base.write(next, before, w);
      onSaved();
    },
    check: (next) => {
      for (const n of [1, 2, 3] as const) {
        if (next[`dataPost${n}`].enable) continue;
        const logs = logsUsing(kv, n);
        if (logs.length === 0) continue;
        const message = t.inUse(n, t.logList(logs));
        throw badRequest(message, { [`dataPost${n}.enable`]: message });
      }
    },
  };
}
