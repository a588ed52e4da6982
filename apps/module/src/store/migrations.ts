/** Schema migrations, applied in order; PRAGMA user_version records how many ran. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE roles (
    name TEXT PRIMARY KEY,
    readings_allow INTEGER NOT NULL,
    configuration_allow INTEGER NOT NULL,
    maintenance_allow INTEGER NOT NULL,
    user_config_allow INTEGER NOT NULL
  );
  CREATE TABLE users (
    name TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    access_level TEXT NOT NULL REFERENCES roles(name) ON UPDATE CASCADE,
    override_pwd_policy INTEGER NOT NULL DEFAULT 0,
    multiple_login INTEGER NOT NULL DEFAULT 1,
    register_time INTEGER NOT NULL,
    password_changed_at INTEGER NOT NULL,
    last_login_time INTEGER NOT NULL DEFAULT 0,
    -- 1 = locked by an administrator (002 §3.16 status)
    status INTEGER NOT NULL DEFAULT 0,
    -- the password is a default one the user must change (sign-in reply's default flag)
    is_default INTEGER NOT NULL DEFAULT 0,
    failed_count INTEGER NOT NULL DEFAULT 0,
    first_failed_at INTEGER NOT NULL DEFAULT 0,
    -- epoch ms until which failed attempts lock the account; -1 = until an administrator unlocks
    locked_until INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE password_history (
    id INTEGER PRIMARY KEY,
    user_name TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE ON UPDATE CASCADE,
    password_hash TEXT NOT NULL,
    changed_at INTEGER NOT NULL
  );
  CREATE INDEX password_history_user ON password_history(user_name, changed_at);
  CREATE TABLE module_event_log (
    id INTEGER PRIMARY KEY,
    timestamp INTEGER NOT NULL,
    level TEXT NOT NULL,
    message TEXT NOT NULL
  );
  CREATE INDEX module_event_log_time ON module_event_log(timestamp);
  `,
  // Logs: the meter's system events (001 §3) and the alarm log. Setpoint and value keep the
  // type they were recorded with (no column type: number stays number, text stays text).
  `
  CREATE TABLE meter_event_log (
    id INTEGER PRIMARY KEY,
    timestamp INTEGER NOT NULL,
    event TEXT NOT NULL
  );
  CREATE INDEX meter_event_log_time ON meter_event_log(timestamp);
  CREATE TABLE alarm_log (
    id INTEGER PRIMARY KEY,
    timestamp INTEGER NOT NULL,
    alarm_id INTEGER NOT NULL,
    parameter TEXT NOT NULL,
    condition TEXT NOT NULL,
    set_point NOT NULL,
    value NOT NULL,
    status TEXT NOT NULL
  );
  CREATE INDEX alarm_log_time ON alarm_log(timestamp);
  `,
  // Meter registers (energy, TOU, demand, DI counters, relay states): one JSON document per group,
  // valid up to as_of (epoch ms), so a restart knows how long the module was away.
  `
  CREATE TABLE meter_registers (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    as_of INTEGER NOT NULL
  );
  `,
  // Whose action each module event records ('' for the module's own): the log's User filter.
  `
  ALTER TABLE module_event_log ADD COLUMN user TEXT NOT NULL DEFAULT '';
  CREATE INDEX module_event_log_user ON module_event_log(user, timestamp);
  `,
  // Failed sign-ins of unknown user names, so they lock out like real accounts across restarts
  // (services/users/sign-in.ts): keyed by an HMAC of the name under a device secret, never the name.
  `
  CREATE TABLE unknown_name_failures (
    key TEXT PRIMARY KEY,
    failed_count INTEGER NOT NULL,
    first_failed_at INTEGER NOT NULL,
    locked_until INTEGER NOT NULL,
    touched_at INTEGER NOT NULL
  );
  CREATE INDEX unknown_name_failures_touched ON unknown_name_failures(touched_at);
  `,
];
