/**
 * A real SMTP server for the tests (the smtp-server package) on a loopback ephemeral port: plain,
 * STARTTLS or implicit TLS with a certificate made by openssl (test-peers/tls-files.ts), and
 * optional AUTH PLAIN/LOGIN against one user. It keeps every accepted message, raw.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TlsFiles } from '../../../../test-peers/tls-files.ts';
import { until } from '../../../../test-peers/until.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The header's value (unfolded), '' when absent. */
  header(name: string): string;
  /** The text/plain part, decoded. */
  text(): string;
  /** An attachment by file name, decoded. */
  attachment(name: string): string | undefined;
}

export interface SmtpPeer {
  port: number;
  received: ReceivedMail[];
  /** AUTH attempts as user names (passwords are checked, not kept). */
  logins: string[];
  /** Whether each accepted message came over TLS. */
  secured: boolean[];
  /** Messages refused by `refuse`, and every connection seen. */
  refused: number;
  connections: number;
  /** Waits until `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  mode: 'plain' | 'starttls' | 'tls';
  tls?: TlsFiles;
  auth?: { user: string; password: string };
  /** A fixed port (to come back on the port a module was sending to); 0 by default. */
  port?: number;
  /** Asked at the end of each DATA (0, 1, ...): a reply code and text refuse that message. */
  refuse?: (attempt: number) => { code: number; message: string } | undefined;
}

export async function startSmtpPeer(o: SmtpPeerOptions): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  const secured: boolean[] = [];
  const counts = { refused: 0, connections: 0, data: 0 };
  const key = o.tls ? readFileSync(o.tls.serverKey) : undefined;
  const cert = o.tls ? readFileSync(o.tls.serverCert) : undefined;
  const server = new SMTPServer({
    secure: o.mode === 'tls',
    key,
    cert,
    disabledCommands: [...(o.mode === 'starttls' ? [] : ['STARTTLS']), ...(o.auth ? [] : ['AUTH'])],
    authOptional: !o.auth,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, done) {
      counts.connections++;
      done();
    },
    onAuth(auth, _session, done) {
      logins.push(auth.username ?? '');
      if (o.auth && auth.username === o.auth.user && auth.password === o.auth.password) return done(null, { user: auth.username });
      done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const no = o.refuse?.(counts.data++);
        if (no) {
          counts.refused++;
          return done(Object.assign(new Error(no.message), { responseCode: no.code }));
        }
        received.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope));
        secured.push(session.secure);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    logins,
    secured,
    get refused() {
      return counts.refused;
    },
    get connections() {
      return counts.connections;
    },
    async waitFor(count, timeoutMs = 20_000) {
      await until(`${count} mail(s)`, () => received.length >= count, timeoutMs, 50).catch((e: Error) => {
        throw new Error(`${e.message}, got ${received.length}`);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Envelope {
  mailFrom: false | { address: string };
  rcptTo: { address: string }[];
}

/** Just enough MIME for what the module sends: headers, a text part, base64 or 7bit attachments. */
function parse(raw: string, envelope: Envelope): ReceivedMail {
  const split = (s: string) => {
    const i = s.indexOf('\r\n\r\n');
    return { head: s.slice(0, i).replace(/\r\n[ \t]+/g, ' '), body: s.slice(i + 4) };
  };
  const headerOf = (head: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const top = split(raw);
  const decode = (head: string, body: string) => {
    const enc = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
    if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (enc === 'quoted-printable') return body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return body;
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(top.head, 'Content-Type'))?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => split(p.replace(/^\r\n/, '')))
    : [top];
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((r) => r.address),
    raw,
    header: (name) => headerOf(top.head, name),
    text: () => {
      const p = parts.find((x) => /text\/plain/i.test(headerOf(x.head, 'Content-Type')) && !/filename=/i.test(x.head)) ?? parts[0]!;
      return decode(p.head, p.body).replace(/\r\n/g, '\n').replace(/\n$/, '');
    },
    attachment: (name) => {
      const p = parts.find((x) => x.head.includes(`filename=${name}`) || x.head.includes(`filename="${name}"`));
      return p ? decode(p.head, p.body) : undefined;
    },
  };
}
