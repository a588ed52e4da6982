/**
 * What user management needs before the first request: on an empty data folder roles admin and
 * view and user admin with the configured password (or a random one shown once); on every start
 * the settings sections and the API token, and user admin's lockout lifted.
 */
import { ADMIN_ACCESS_LEVEL, ADMIN_USER_NAME } from '@meter/contract';
import { randomInt } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleContext } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { dummyHash, hashPassword } from './passwords.ts';
import { NO_FAILURES, type UserRepository } from './user-repository.ts';
import type { UserSettings } from './user-settings.ts';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/** 16 letters and digits, with at least one upper case letter, one lower case letter, one digit. */
export function randomInitialPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (;;) {
    let pw = '';
    for (let i = 0; i < 16; i++) pw += alphabet[randomInt(alphabet.length)];
    if (/[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw)) return pw;
  }
}

export async function prepareUsers(ctx: ModuleContext, repo: UserRepository, settings: UserSettings, events: ModuleEventLog): Promise<void> {
  if (!repo.user(ADMIN_USER_NAME)) {
    // A password the installer provisions (MODULE_ADMIN_PASSWORD) is their choice; only the
    // generated one is a default, which confines the first session to changing it.
    const provisioned = ctx.config.adminPassword;
    let password = provisioned;
    if (!password) {
      password = randomInitialPassword();
      // Written before the database row, so a failure here can not leave an unknown password.
      const file = join(ctx.config.dataDir, INITIAL_PASSWORD_FILE);
      writeFileSync(file, password + '\n', { mode: 0o600 });
      chmodSync(file, 0o600);
      console.log(`Initial admin password (shown once, also in ${file}): ${password}`);
    }
    const hash = await hashPassword(password);
    const now = ctx.now();
    repo.tx(() => {
      repo.insertRole({ name: ADMIN_ACCESS_LEVEL, readingsAllow: 0, configurationAllow: 0, maintenanceAllow: 0, userConfigAllow: 0 }, true);
      repo.insertRole({ name: 'view', readingsAllow: 1, configurationAllow: 1, maintenanceAllow: 1, userConfigAllow: 2 }, true);
      repo.insertUser({ name: ADMIN_USER_NAME, hash, accessLevel: ADMIN_ACCESS_LEVEL, overridePwdPolicy: false, multipleLogin: true, at: now, isDefault: provisioned === undefined });
      repo.addHistory(ADMIN_USER_NAME, hash, now);
      events.write('Info', 'User admin created with its initial password');
    });
  }
  settings.passwordPolicy();
  settings.generalConfig();
  settings.apiToken();
  // User admin is the one account nobody else can be sure to unlock: a lockout without automatic
  // unlock (failedLoginWaitSeconds 0) lifts when the module starts again (power cycle).
  if (repo.user(ADMIN_USER_NAME)?.locked_until === -1) {
    repo.tx(() => {
      repo.writeFailState(ADMIN_USER_NAME, NO_FAILURES);
      events.write('Critical', 'Lockout of user admin lifted by the module start');
    });
  }
  // Started now, so even the first sign-in with an unknown name costs one scrypt, like any other;
  // not waited for: it runs on the thread pool while the routes are registered (~100 ms of a start).
  void dummyHash();
}
