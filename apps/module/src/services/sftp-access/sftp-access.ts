/**
 * SFTP access to the data log files (002 §3.5, §5.4): with SFTP enabled the module runs an SFTP
 * server (ssh2) on the module's HOST address and the configured port (MODULE_SFTP_PORT overrides
 * it, as 22 needs root). One user, `sftp`, with the password an administrator set (scrypt hash
 * in the kv store; a change takes effect for new connections). There is no default password:
 * until one is set (and after resetSftpPassword) the server does not listen, even when enabled
 * (docs/decisions/users-secret-checks-and-sftp-access.md, "SFTP access: no common password"). Every password check counts on the
 * SFTP account in the secret throttle, and the IP whitelist drops connections from unlisted
 * addresses before a byte is answered. The tree is
 * read-only: `/backup1`, `/backup2`, `/backup3`, `/backupac` with the files the Data Log reading
 * pages list, and nothing else; every write, rename or removal is refused.
 */
import { DATA_LOG_IDS, sftpSection, type DataLogId, type SftpConfig } from '@meter/contract';
import { generateKeyPair } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, writeFileSync, type Stats } from 'node:fs';
import { createServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import type * as Ssh2 from 'ssh2';
import type ssh2 from 'ssh2';
import { lazyRequire } from '../../lazy-require.ts';
import type { KeyValueStore } from '../../store/db.ts';
import type { DataLogs } from '../datalog/data-logs.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { KV_SECTION_PREFIX, sectionDefaults } from '../sections/section-backend.ts';
import type { SecretThrottle } from '../throttle/secret-throttle.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';

const ssh = lazyRequire<typeof Ssh2>('ssh2');

export const SFTP_USER = 'sftp';
/** The password every module had before issue 25: no longer accepted anywhere. */
export const FORMER_SFTP_DEFAULT_PASSWORD = 'Acu@2026';
const PASSWORD_KEY = 'sftp.password';
/** The SFTP account's key in the secret throttle: one account, whatever the user name tried. */
const THROTTLE_KEY = 'sftp';
const FOLDERS = new Map<string, DataLogId>(DATA_LOG_IDS.map((id) => [`backup${id}`, id]));
const DIR_MODE = 0o040555;
const FILE_MODE = 0o100444;

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * The password's hash in the self-describing form of the users' (passwords.ts: scrypt in the
 * hashing thread, off the event loop); a data folder from before keeps the salt and hash of
 * scrypt at Node's default cost (N 16384, r 8, p 1), read as that form.
 */
type StoredPassword = string | { salt: string; hash: string };
const storedForm = (p: StoredPassword) => (typeof p === 'string' ? p : `scrypt$16384$8$1$${p.salt}$${p.hash}`);

export interface SftpAccessDeps {
  dataDir: string;
  kv: KeyValueStore;
  dataLogs: DataLogs;
  events: ModuleEventLog;
  throttle: SecretThrottle;
  /** HOST: the address listened on, as the web server's. */
  host: string;
  /** The IP whitelist: whether a connection from this address may reach the module now. */
  allows: (address: string | undefined) => boolean;
  /** MODULE_SFTP_PORT: the port listened on whatever the settings say (0: any free one, for tests). */
  portOverride?: number;
}

type Node = { kind: 'root' } | { kind: 'dir'; id: DataLogId } | { kind: 'file'; id: DataLogId; path: string };

export class SftpAccess {
  private server: NetServer | undefined;
  private listening: Promise<void> = Promise.resolve();
  /** The applies in turn: each awaits (a hash check, a key made), and two at once would both listen. */
  private applying: Promise<void> = Promise.resolve();
  /** Counts the stops: an apply that a stop (the module's) overtook while it waited does not listen. */
  private stops = 0;

  constructor(private readonly d: SftpAccessDeps) {}

  settings(): SftpConfig {
    return this.d.kv.getOrInit<SftpConfig>(KV_SECTION_PREFIX + sftpSection.key, () => sectionDefaults(sftpSection));
  }

  /** Whether a password is set (without one SFTP stays off). */
  hasPassword(): boolean {
    return this.d.kv.get<StoredPassword | null>(PASSWORD_KEY) != null;
  }

  async setPassword(password: string, user: string): Promise<void> {
    const had = this.hasPassword();
    this.d.kv.set(PASSWORD_KEY, await hashPassword(password));
    this.d.events.write('Info', `SFTP password changed by ${user}`, user);
    if (!had) await this.apply();
  }

  /** Removes the password: SFTP stays off until a new one is set (there is no default to go back to). */
  async resetPassword(user: string): Promise<void> {
    this.d.kv.set(PASSWORD_KEY, null);
    this.d.events.write('Info', `SFTP password cleared by ${user}: SFTP stays off until a new password is set`, user);
    await this.apply();
  }

  private async verify(password: string): Promise<boolean> {
    const stored = this.d.kv.get<StoredPassword | null>(PASSWORD_KEY);
    return stored != null && (await verifyPassword(password, storedForm(stored)));
  }

  /** The port listened on now, or null when SFTP is off. */
  port(): number | null {
    const addr = this.server?.address() as AddressInfo | null | undefined;
    return addr ? addr.port : null;
  }

  /** The address listened on now, or null when SFTP is off. */
  address(): string | null {
    const addr = this.server?.address() as AddressInfo | null | undefined;
    return addr ? addr.address : null;
  }

  /** Listens as the settings say (called at start and after a save). */
  apply(): Promise<void> {
    const run = this.applying.then(() => this.applyNow());
    this.applying = run.catch(() => {});
    return run;
  }

  private async applyNow(): Promise<void> {
    await this.stop();
    const stops = this.stops;
    // A data folder from before issue 25 (or a configuration file from then) may hold the former
    // common password: it goes, whenever the settings are applied.
    if (await this.verify(FORMER_SFTP_DEFAULT_PASSWORD)) {
      this.d.kv.set(PASSWORD_KEY, null);
      this.d.events.write('Error', 'SFTP password was the former common default: cleared, SFTP stays off until a new password is set');
    }
    const cfg = this.settings();
    if (!cfg.enable) return;
    if (!this.hasPassword()) {
      this.d.events.write('Error', 'SFTP is enabled but no SFTP password is set: SFTP stays off until one is set');
      return;
    }
    const hostKey = await this.hostKey();
    if (stops !== this.stops) return;
    const ssh2Server = new ssh.Server({ hostKeys: [hostKey] }, (client, info) => this.serve(client, info.ip));
    // The whitelist is asked for each TCP connection, before the SSH banner (as Modbus TCP does).
    const server = createServer((socket) => {
      if (!this.d.allows(socket.remoteAddress)) return socket.destroy();
      ssh2Server.injectSocket(socket);
    });
    this.server = server;
    const port = this.d.portOverride ?? cfg.port;
    const host = this.d.host;
    this.listening = new Promise<void>((resolve) => {
      server.once('error', (err: Error) => {
        this.d.events.write('Error', `SFTP server could not listen on ${host} port ${port}: ${err.message}`);
        this.server = undefined;
        resolve();
      });
      server.listen(port, host, () => resolve());
    });
    await this.listening;
  }

  async stop(): Promise<void> {
    this.stops++;
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Made once, in libuv's pool: an RSA key takes tens to hundreds of ms of CPU. */
  private async hostKey(): Promise<string> {
    const path = join(this.d.dataDir, 'sftp_host_rsa_key');
    if (!existsSync(path)) {
      const { privateKey } = await generateKeyPairAsync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
      writeFileSync(path, privateKey, { mode: 0o600 });
    }
    return readFileSync(path, 'utf8');
  }

  private serve(client: ssh2.Connection, source: string): void {
    client.on('error', () => {});
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'password') return ctx.reject(['password']);
      try {
        this.d.throttle.begin(THROTTLE_KEY);
      } catch {
        return ctx.reject(['password']);
      }
      // The hash is checked in the hashing thread, for any user name (the same time either way).
      void this.verify(ctx.password)
        .catch(() => false)
        .then((good) => {
          if (good && ctx.username === SFTP_USER) {
            this.d.throttle.succeeded(THROTTLE_KEY);
            return ctx.accept();
          }
          this.d.events.write('Error', `SFTP sign-in refused from ${source}`);
          ctx.reject(['password']);
        })
        // The client may have gone while the hash was checked.
        .catch(() => {});
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        // Only the SFTP subsystem: no shell, no commands, no forwarding.
        session.on('sftp', (acceptSftp) => this.sftp(acceptSftp()));
      });
    });
  }

  private resolve(path: string): Node | null {
    const parts = posix.normalize(`/${path}`).split('/').filter(Boolean);
    if (parts.length === 0) return { kind: 'root' };
    const id = FOLDERS.get(parts[0]!);
    if (!id) return null;
    if (parts.length === 1) return { kind: 'dir', id };
    if (parts.length > 2) return null;
    const file = this.d.dataLogs.resolve(id, parts[1]!);
    return file ? { kind: 'file', id, path: file } : null;
  }

  private sftp(sftp: ssh2.SFTPWrapper): void {
    const { OPEN_MODE, STATUS_CODE } = ssh.utils.sftp;
    const files = new Map<number, number>();
    const dirs = new Map<number, { names: string[]; node: Node; sent: boolean }>();
    let next = 0;
    const handle = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(n);
      return b;
    };
    const attrs = (st: Stats | null, dir: boolean) => ({
      mode: dir ? DIR_MODE : FILE_MODE,
      uid: 0,
      gid: 0,
      size: st?.size ?? 0,
      atime: Math.floor((st?.atimeMs ?? Date.now()) / 1000),
      mtime: Math.floor((st?.mtimeMs ?? Date.now()) / 1000),
    });
    const denied = (id: number) => sftp.status(id, STATUS_CODE.PERMISSION_DENIED);
    const stat = (id: number, path: string) => {
      const node = this.resolve(path);
      if (!node) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
      if (node.kind !== 'file') return sftp.attrs(id, attrs(null, true));
      const fd = openSync(node.path, 'r');
      try {
        sftp.attrs(id, attrs(fstatSync(fd), false));
      } finally {
        closeSync(fd);
      }
    };

    sftp.on('REALPATH', (id, path) => sftp.name(id, [{ filename: posix.normalize(`/${path}`), longname: '', attrs: attrs(null, true) }]));
    sftp.on('STAT', stat);
    sftp.on('LSTAT', stat);
    sftp.on('OPENDIR', (id, path) => {
      const node = this.resolve(path);
      if (!node || node.kind === 'file') return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
      const listed = node.kind === 'root' ? Promise.resolve([...FOLDERS.keys()]) : this.d.dataLogs.list(node.id).then((files) => files.map((f) => f.filename));
      listed.then(
        (names) => {
          const h = next++;
          dirs.set(h, { names, node, sent: false });
          sftp.handle(id, handle(h));
        },
        () => sftp.status(id, STATUS_CODE.FAILURE),
      );
    });
    sftp.on('READDIR', (id, h) => {
      const dir = dirs.get(h.readUInt32BE());
      if (!dir) return sftp.status(id, STATUS_CODE.FAILURE);
      if (dir.sent) return sftp.status(id, STATUS_CODE.EOF);
      dir.sent = true;
      const entries = dir.names.map((name) => {
        const node = dir.node.kind === 'root' ? null : this.resolve(`/backup${dir.node.id}/${name}`);
        const st = node?.kind === 'file' ? fstatOf(node.path) : null;
        return { filename: name, longname: name, attrs: attrs(st, dir.node.kind === 'root') };
      });
      sftp.name(id, entries);
    });
    sftp.on('OPEN', (id, path, flags) => {
      if (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) return denied(id);
      const node = this.resolve(path);
      if (node?.kind !== 'file') return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
      const h = next++;
      files.set(h, openSync(node.path, 'r'));
      sftp.handle(id, handle(h));
    });
    sftp.on('READ', (id, h, offset, length) => {
      const fd = files.get(h.readUInt32BE());
      if (fd === undefined) return sftp.status(id, STATUS_CODE.FAILURE);
      const buf = Buffer.alloc(Math.min(length, 64 * 1024));
      const n = readSync(fd, buf, 0, buf.length, offset);
      if (n === 0) return sftp.status(id, STATUS_CODE.EOF);
      sftp.data(id, buf.subarray(0, n));
    });
    sftp.on('FSTAT', (id, h) => {
      const fd = files.get(h.readUInt32BE());
      if (fd === undefined) return sftp.status(id, STATUS_CODE.FAILURE);
      sftp.attrs(id, attrs(fstatSync(fd), false));
    });
    sftp.on('CLOSE', (id, h) => {
      const n = h.readUInt32BE();
      const fd = files.get(n);
      if (fd !== undefined) closeSync(fd);
      files.delete(n);
      dirs.delete(n);
      sftp.status(id, STATUS_CODE.OK);
    });
    for (const op of ['WRITE', 'REMOVE', 'RENAME', 'MKDIR', 'RMDIR', 'SETSTAT', 'FSETSTAT', 'SYMLINK'] as const) sftp.on(op, (id: number) => denied(id));
    sftp.on('end', () => {
      for (const fd of files.values()) closeSync(fd);
      files.clear();
      // The client closed its side: close ours, or OpenSSH's sftp waits for the channel forever.
      sftp.end();
    });
  }
}

function fstatOf(path: string): Stats | null {
  try {
    const fd = openSync(path, 'r');
    try {
      return fstatSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}
