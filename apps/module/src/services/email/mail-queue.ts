/**
 * The mails waiting to be sent: one JSON file per mail under <data>/email/outbox/. A mail enters
 * whole (written under a dot name, flushed, then renamed), so a crash leaves it queued or absent,
 * never half; it leaves only after the server accepted it or refused it for good. The queue is
 * bounded: past MAIL_QUEUE_MAX the oldest mails are dropped, so an outage of weeks cannot fill
 * the storage (docs/decisions/communication-email.md).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { atomicWriteFile } from '../../atomic-file.ts';
import { join } from 'node:path';
import type { Mail } from './smtp-client.ts';

export const MAIL_QUEUE_MAX = 100;

export interface QueuedMail {
  /** What the mail is, for the event log and the health: 'report', 'alarm', 'system event'. */
  what: string;
  mail: Mail;
  queuedMs: number;
  /** Failed attempts so far. */
  attempts: number;
}

export interface MailFile {
  name: string;
  path: string;
}

export class MailQueue {
  private seq = 0;

  constructor(
    readonly folder: string,
    readonly max = MAIL_QUEUE_MAX,
  ) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // A write the module did not finish (killed between write and rename) is not a mail.
    for (const name of readdirSync(folder)) if (name.startsWith('.')) rmSync(join(folder, name), { force: true });
  }

  /** Queues a mail; answers the oldest ones dropped to keep the bound. */
  add(entry: QueuedMail): QueuedMail[] {
    // Wall-clock milliseconds and a sequence keep the names in arrival order across restarts.
    const name = `${String(Date.now()).padStart(15, '0')}-${String(this.seq++ % 1e6).padStart(6, '0')}.json`;
    this.write(name, entry);
    const files = this.list();
    const dropped: QueuedMail[] = [];
    for (const f of files.slice(0, Math.max(0, files.length - this.max))) {
      const e = this.read(f);
      if (e) dropped.push(e);
      this.remove(f);
    }
    return dropped;
  }

  /** Oldest first. */
  list(): MailFile[] {
    return readdirSync(this.folder)
      .filter((n) => !n.startsWith('.') && n.endsWith('.json'))
      .sort()
      .map((name) => ({ name, path: join(this.folder, name) }));
  }

  size(): number {
    return this.list().length;
  }

  /** The mail, or undefined when the file is unreadable (it is then worth nothing to keep). */
  read(file: MailFile): QueuedMail | undefined {
    try {
      return JSON.parse(readFileSync(file.path, 'utf8')) as QueuedMail;
    } catch {
      return undefined;
    }
  }

  update(file: MailFile, entry: QueuedMail): void {
    this.write(file.name, entry);
  }

  remove(file: MailFile): void {
    rmSync(file.path, { force: true });
  }

  private write(name: string, entry: QueuedMail): void {
    atomicWriteFile(join(this.folder, name), JSON.stringify(entry), 0o600, true);
  }
}
