/**
 * The SMTP client (nodemailer's SMTP transport): plain, STARTTLS (required, the mail is not sent
 * in clear when the server does not offer it) or implicit TLS as the config says; AUTH with the
 * user name and password when authentication is on. Each send opens its own connection, with
 * the module's timeouts. A failure becomes one sentence that names the server and what happened.
 */
import { couldNotConnect, noGuard, type OutboundGuard } from '../outbound/outbound-guard.ts';
import { emailDeliveryTexts, emailTexts as t, SMTP_SECURITY, type SmtpConfig } from '@meter/contract';
import { rootCertificates } from 'node:tls';
import type * as Nodemailer from 'nodemailer';
import { lazyRequire } from '../../lazy-require.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

export interface MailAttachment {
  filename: string;
  /** Text only: a queued mail is kept as JSON. */
  content: string;
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
  /** Keeps the client off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
}

/** The server as the messages name it. */
export const targetOf = (cfg: Pick<SmtpConfig, 'smtpServer' | 'smtpPort'>) => `${cfg.smtpServer}:${cfg.smtpPort}`;

/** A send that failed: the reason in words, and whether the server refused it for good (a 5xx reply). */
export class SmtpFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Sends one mail; resolves with the server's final reply, rejects with an SmtpFailure. */
export async function sendMail(cfg: SmtpConfig, mail: Mail, opts: SmtpOptions): Promise<string> {
  let address: string;
  try {
    address = await (opts.guard ?? noGuard)(cfg.smtpServer, cfg.smtpPort);
  } catch (err) {
    throw new SmtpFailure(reasonOf(err, cfg, opts.timeoutMs / 1000), false);
  }
  const transport = nodemailer.createTransport({
    // The guard's address; TLS checks the certificate against the name.
    host: address,
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
    tls: { servername: cfg.smtpServer, ...(opts.extraCa ? { ca: [...rootCertificates, opts.extraCa] } : {}) },
    logger: false,
    debug: false,
  });
  try {
    const info = await transport.sendMail({ from: cfg.smtpFrom, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
    return String(info.response ?? '');
  } catch (err) {
    const code = (err as { responseCode?: unknown } | undefined)?.responseCode;
    throw new SmtpFailure(reasonOf(err, cfg, opts.timeoutMs / 1000), typeof code === 'number' && code >= 500 && code < 600);
  } finally {
    transport.close();
  }
}

// Node's verification failures (the chain, a self-signed or expired certificate, another name).
const UNTRUSTED_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const UNTRUSTED_RE =
  /self[- ]signed certificate|unable to verify the first certificate|unable to get local issuer certificate|certificate has expired|does not match certificate's altnames/i;

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
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) return t.notFound(cfg.smtpServer);
  if (e.code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return t.timedOut(target, timeoutSeconds);
  // Refused, reset, another protocol or the module's own port: one text.
  if (couldNotConnect(err) || e.code === 'ECONNECTION' || e.code === 'EPROTOCOL') return t.couldNotConnect(target);
  if (e.code === 'EAUTH') return t.authFailed(target);
  if (e.code === 'ETLS' && /STARTTLS/i.test(message)) return t.noStartTls(target);
  if (UNTRUSTED_CODES.has(String(e.code)) || UNTRUSTED_RE.test(message)) return emailDeliveryTexts.untrusted(target);
  if (e.code === 'ETLS' || /certificate|SSL|TLS/i.test(message)) return t.tlsFailed(target, message);
  if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && typeof e.response === 'string') return t.rejected(target, e.response);
  return t.failed(target, message);
}
