/**
 * What a certificate and key must be for the HTTPS listener to serve them (issue 25 item 6): an
 * upload is refused, and a stored pair replaced at start, when any of these fails. The same checks
 * run on both paths, so a pair the console accepted always loads on the next start.
 */
import { certificateTexts as t } from '@meter/contract';
import { createSecureContext } from 'node:tls';
import type { KeyObject, X509Certificate } from 'node:crypto';

/** Curves at least as strong as P-256 (OpenSSL names). */
const STRONG_CURVES = new Set(['prime256v1', 'secp384r1', 'secp521r1']);
const MIN_RSA_BITS = 2048;

/** sha256WithRSAEncryption (RFC 4055): the signature of the module's own self-signed certificate. */
export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

/** Signature algorithms with SHA-256 or stronger (RSASSA-PSS is refused: its hash hides in parameters). */
const STRONG_SIGNATURES = new Set([
  SHA256_WITH_RSA,
  '1.2.840.113549.1.1.12', // sha384WithRSAEncryption
  '1.2.840.113549.1.1.13', // sha512WithRSAEncryption
  '1.2.840.10045.4.3.2', // ecdsa-with-SHA256
  '1.2.840.10045.4.3.3', // ecdsa-with-SHA384
  '1.2.840.10045.4.3.4', // ecdsa-with-SHA512
]);

/**
 * TLS 1.2 offers forward-secret AEAD suites only (ECDHE with AES-GCM or ChaCha20-Poly1305); the
 * TLS 1.3 suites (all AEAD, all forward-secret) are named too, since a list without them turns
 * TLS 1.3 off in Node.
 */
export const TLS_CIPHERS = [
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'TLS_AES_128_GCM_SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
].join(':');

export const TLS_OPTIONS = { ciphers: TLS_CIPHERS, minVersion: 'TLSv1.2', honorCipherOrder: true } as const;

/**
 * The first reason the pair cannot be served, or undefined. `nowMs` checks the dates (an upload);
 * a stored pair is checked without it: an expired certificate is still served, as browsers only warn.
 */
export function pairProblem(cert: X509Certificate, key: KeyObject, nowMs?: number): string | undefined {
  if (key.type !== 'private' || !cert.checkPrivateKey(key)) return t.keyMismatch;
  const type = cert.publicKey.asymmetricKeyType;
  const details = cert.publicKey.asymmetricKeyDetails ?? {};
  const strongKey = (type === 'rsa' && (details.modulusLength ?? 0) >= MIN_RSA_BITS) || (type === 'ec' && STRONG_CURVES.has(details.namedCurve ?? ''));
  if (!strongKey) return t.weakKey;
  if (!STRONG_SIGNATURES.has(signatureOid(cert.raw) ?? '')) return t.weakSignature;
  if (nowMs !== undefined) {
    if (Date.parse(cert.validTo) <= nowMs) return t.expired;
    if (Date.parse(cert.validFrom) > nowMs) return t.notYetValid;
  }
  try {
    createSecureContext({ cert: cert.toString(), key: key.export({ type: 'pkcs8', format: 'pem' }), ...TLS_OPTIONS });
  } catch {
    return t.unparsable;
  }
  return undefined;
}

/** One DER element at `at`: where its content starts and ends. */
function element(der: Buffer, at: number): { tag: number; start: number; end: number } | undefined {
  if (at + 2 > der.length) return undefined;
  const tag = der[at]!;
  let len = der[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n < 1 || n > 4 || start + n > der.length) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[start + i]!;
    start += n;
  }
  return start + len <= der.length ? { tag, start, end: start + len } : undefined;
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm SEQUENCE { OID, … }, signature }. */
export function signatureOid(der: Buffer): string | undefined {
  const certificate = element(der, 0);
  if (certificate?.tag !== 0x30) return undefined;
  const tbs = element(der, certificate.start);
  if (!tbs) return undefined;
  const algorithm = element(der, tbs.end);
  if (algorithm?.tag !== 0x30) return undefined;
  const oid = element(der, algorithm.start);
  if (oid?.tag !== 0x06 || oid.end === oid.start) return undefined;
  const bytes = der.subarray(oid.start, oid.end);
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const b of bytes.subarray(1)) {
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}
