/** The meter settings documents in the kv store, cached: the ticker reads them every second. */
import type { AlarmConfig } from '@meter/contract';
import type { KeyValueStore } from '../../store/db.ts';
import { type GeneralDoc, type IoDoc, type UserCtDoc, defaultAlarm, defaultGeneral, defaultIo, defaultUserCt } from './defaults.ts';
import type { RelaySettings } from './relay-control.ts';

export interface Docs {
  general: GeneralDoc;
  alarm: AlarmConfig;
  io: IoDoc;
  userCt: UserCtDoc;
}
const KEYS: { [K in keyof Docs]: string } = {
  general: 'meterSettings.general',
  alarm: 'meterSettings.alarm',
  io: 'meterSettings.io',
  userCt: 'meterSettings.userCt',
};

export class MeterSettingsStore {
  private docs: Docs;

  constructor(
    private readonly kv: KeyValueStore,
    meterModel: string,
  ) {
    this.docs = {
      general: kv.getOrInit(KEYS.general, () => defaultGeneral(meterModel)),
      alarm: kv.getOrInit(KEYS.alarm, defaultAlarm),
      io: kv.getOrInit(KEYS.io, defaultIo),
      userCt: kv.getOrInit(KEYS.userCt, defaultUserCt),
    };
  }

  get<K extends keyof Docs>(key: K): Docs[K] {
    return this.docs[key];
  }

  /** Writes a document (inside the caller's transaction); `rollback` puts the cached one back. */
  set<K extends keyof Docs>(key: K, doc: Docs[K]): () => void {
    const before = this.docs[key];
    this.kv.set(KEYS[key], doc);
    this.docs[key] = doc;
    return () => {
      this.docs[key] = before;
    };
  }

  relaySettings(): RelaySettings {
    const { ro1Type, ro2Type, ro1OutputMode, ro2OutputMode, roPulseWidth, roAlarmOutputTime } = this.docs.io;
    return { ro1Type, ro2Type, ro1OutputMode, ro2OutputMode, roPulseWidth, roAlarmOutputTime };
  }
}
