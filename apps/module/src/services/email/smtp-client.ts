/**
 * The SMTP client (nodemailer's SMTP transport): plain, STARTTLS (required, the mail is not sent
 * in clear when the server does not offer it) or implicit TLS as the config says; AUTH with the
 * user name and password when authentication is on. Each send opens its own connection, with
 * the module's timeouts. A failure becomes one sentence that names the server and what happened.
 */
import { emailTexts as t, SMTP_SECURITY, type SmtpConfig } from '@meter/contract';
import { rootCertificates } from 'node:tls';
import type * as Nodemailer from 'nodemailer';
import { lazyRequire } from '../../lazy-require.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface SmtpOptions {
  timeoutMs: number;
  /** PEM certificates trusted besides the system's (MODULE_TRUSTED_CA). */
  extraCa?: string;
  /** The name the module greets with (EHLO). */
  clientName: string;
}

/** The server as the messages name it. */
export const targetOf = (cfg: Pick<SmtpConfig, 'smtpServer' | 'smtpPort'>) => `${cfg.smtpServer}:${cfg.smtpPort}`;

/** Sends one mail; resolves with the server's final reply, rejects with the reason in words. */
export async function sendMail(cfg: SmtpConfig, mail: Mail, opts: SmtpOptions): Promise<string> {
  const transport = nodemailer.createTransport({
    host: cfg.smtpServer,
    port: cfg.smtpPort,
    name: opts.clientName,
    secure: cfg.isTLSSSLOn === SMTP_SECURITY.tls,
    requireTLS: cfg.isTLSSSLOn === SMTP_SECURITY.startTls,
    // None means none: no opportunistic upgrade the operator did not choose.
    ignoreTLS: cfg.isTLSSSLOn === SMTP_SECURITY.none,
    auth: cfg.isAuthOn === 1 ? { user: cfg.smtpUserName, pass: cfg.smtpPassword } : undefined,
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
    tls: opts.extraCa ? { ca: [...rootCertificates, opts.extraCa] } : {},
    logger: false,
    debug: false,
  });
  try {
    const info = await transport.sendMail({ from: cfg.smtpFrom, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
    return String(info.response ?? '');
  } catch (err) {
    throw new Error(reasonOf(err, cfg, opts.timeoutMs / 1000));
  } finally {
    transport.close();
  }
}

interface SmtpError {
  code?: unknown;
  command?: unknown;
  response?: unknown;
  message?: unknown;
}

/** nodemailer's error codes (ECONNECTION, ETIMEDOUT, EAUTH, ETLS, EDNS, EENVELOPE, EMESSAGE ...) in words. */
export function reasonOf(err: unknown, cfg: SmtpConfig, timeoutSeconds: number): string {
  const e = (err ?? {}) as SmtpError;
  const message = typeof e.message === 'string' ? e.message : String(err);
  const target = targetOf(cfg);
  if (/ECONNREFUSED/.test(message)) return t.refused(target);
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) return t.notFound(cfg.smtpServer);
  if (e.code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return t.timedOut(target, timeoutSeconds);
  if (e.code === 'EAUTH') return t.authFailed(target);
  if (e.code === 'ETLS' && /STARTTLS/i.test(message)) return t.noStartTls(target);
  if (e.code === 'ETLS' || /certificate|SSL|TLS/i.test(message)) return t.tlsFailed(target, message);
  if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && typeof e.response === 'string') return t.rejected(target, e.response);
  return t.failed(target, message);
}
