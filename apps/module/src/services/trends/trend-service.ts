/**
 * The trend store, put together: its SQLite file, the 1-Hz recorder, the chart queries, the
 * log range, the export and Clear Logs. The API and the backfill use this and nothing inside.
 */
import type { SubsystemLog } from '../../subsystem-log.ts';
import { REALTIME_TREND_HISTORY_DAYS, realtimeTrendWindow, trendTexts, type TimeZone } from '@meter/contract';
import type { SnapshotSource } from '../../meter/reading-source.ts';
import type { SecondTicker } from '../clock/second-ticker.ts';
import { ZoneClock } from './buckets.ts';
import { EnergyStore } from './energy-store.ts';
import { TrendExports, TrendRefusal } from './export/exports.ts';
import { queryEnergy, queryRealtime, type EnergyQuery, type QueryStores, type RealtimeQuery } from './query.ts';
import { trendLogRange } from './range.ts';
import { TrendQueryThread, type QueryAnswer } from './query-thread.ts';
import { RealtimeStore } from './realtime-store.ts';
import { TrendRecorder } from './recorder.ts';
import { Retention } from './retention.ts';
import type { EnergySource, HarmonicsSource } from './sources.ts';
import { ALL_TABLES, TREND_DB_FILE, openTrendDb, trendDbBytes, type TrendDb } from './trend-db.ts';

export interface TrendServiceOptions {
  dataDir: string;
  meter: SnapshotSource;
  harmonics: HarmonicsSource;
  energy: EnergySource;
  /** The device time zone (rollup days, presets, CSV stamps). */
  zone: () => TimeZone;
  log?: (level: 'Info' | 'Error', message: string) => void;
  /** The Database subsystem of the system log: the trend store's open, rollups, pruning, emptying. */
  dbLog?: SubsystemLog;
  /** The device's clock (ms), for the real-time window; Date.now unless given. */
  now?: () => number;
}

export class TrendService {
  readonly db: TrendDb;
  readonly clock: ZoneClock;
  readonly realtime: RealtimeStore;
  readonly energyStore: EnergyStore;
  readonly retention: Retention;
  readonly recorder: TrendRecorder;
  readonly exports: TrendExports;
  private readonly stores: QueryStores;
  private readonly queries: TrendQueryThread;

  constructor(readonly options: TrendServiceOptions) {
    this.db = openTrendDb(options.dataDir, options.dbLog);
    this.clock = new ZoneClock(options.zone);
    this.realtime = new RealtimeStore(this.db);
    this.energyStore = new EnergyStore(this.db);
    this.retention = new Retention(this.db);
    this.stores = { realtime: this.realtime, energy: this.energyStore, clock: this.clock };
    this.recorder = new TrendRecorder({
      db: this.db,
      meter: options.meter,
      harmonics: options.harmonics,
      energy: options.energy,
      clock: this.clock,
      realtime: this.realtime,
      energyStore: this.energyStore,
      retention: this.retention,
      log: options.dbLog,
    });
    this.queries = new TrendQueryThread(options.dataDir, options.zone);
    this.exports = new TrendExports({
      dataDir: options.dataDir,
      stores: this.stores,
      range: () => this.range(),
      log: options.log ?? (() => {}),
      generate: (job) => this.queries.exportCsv(job),
      compress: (job) => this.queries.zip(job),
    });
  }

  /** Records on every tick of the module's heartbeat. */
  subscribe(ticker: SecondTicker): () => void {
    return ticker.subscribe((t) => this.recorder.tick(t));
  }

  /** Refuses a frame outside the real-time window (001 §5) before touching the store. */
  private checkRealtimeWindow(q: RealtimeQuery): void {
    const now = Math.floor((this.options.now ?? Date.now)() / 1000);
    const window = realtimeTrendWindow(this.options.zone(), now);
    if (q.start < window.min) throw new TrendRefusal(trendTexts.beforeRealtimeWindow(REALTIME_TREND_HISTORY_DAYS, window.min), 'spec');
    if (q.end > window.max) throw new TrendRefusal(trendTexts.afterDeviceTime(now), 'spec');
  }

  queryRealtime(q: RealtimeQuery) {
    this.checkRealtimeWindow(q);
    return queryRealtime(this.stores, q);
  }

  queryEnergy(q: EnergyQuery) {
    return queryEnergy(this.stores, q);
  }

  /** The API's path: the same queries in the trend thread (query-thread.ts), the reply serialised there. */
  queryRealtimeOffThread(q: RealtimeQuery): Promise<QueryAnswer> {
    this.checkRealtimeWindow(q);
    return this.queries.run('realtime', q);
  }

  queryEnergyOffThread(q: EnergyQuery): Promise<QueryAnswer> {
    return this.queries.run('energy', q);
  }

  range() {
    return trendLogRange(this.realtime, this.energyStore, this.clock);
  }

  /** Bytes of the store's database file (pages in use and free). */
  bytes(): number {
    return trendDbBytes(this.db);
  }

  /**
   * Clear Logs (resetLogDB): every trend row and the export file. DELETE without WHERE is
   * SQLite's truncate (pages dropped, not rows visited); VACUUM then gives the space back.
   * The energy registers themselves live in the meter and keep counting.
   */
  reset(): void {
    this.exports.delete();
    this.db.transaction(() => {
      for (const table of ALL_TABLES) this.db.prepare(`DELETE FROM ${table}`).run();
    })();
    this.recorder.forget();
    // In WAL mode VACUUM's smaller file only reaches the disk at a checkpoint.
    this.db.exec('VACUUM');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.options.dbLog?.('info', `${TREND_DB_FILE} emptied and vacuumed: ${trendDbBytes(this.db)} bytes on disk`);
  }

  /** Whether the trend thread is running (it stops when idle). */
  get threadRunning(): boolean {
    return this.queries.running;
  }

  async close(): Promise<void> {
    // The export first: its job ends in the thread before the thread does.
    await this.exports.close();
    await this.queries.close();
    this.db.close();
  }
}
