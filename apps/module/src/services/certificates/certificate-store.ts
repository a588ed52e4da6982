/**
 * The module's HTTPS certificate: an RSA key and a self-signed X.509 certificate made on the
 * first start of a data folder, kept under <data>/tls (key mode 0600).
 */
import { certificateTexts as t, type CertInfo } from '@meter/contract';
import type Forge from 'node-forge';
import { createPrivateKey, createPublicKey, generateKeyPair, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { atomicWriteFiles } from '../../atomic-file.ts';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { badRequest } from '../../errors.ts';
import type { DeviceIdentity } from '../device/device-service.ts';
import { lazyRequire } from '../../lazy-require.ts';
import { pairProblem, SHA256_WITH_RSA } from './certificate-policy.ts';

const forge = lazyRequire<typeof Forge>('node-forge');

const generateKeyPairAsync = promisify(generateKeyPair);

export class CertificateStore {
  private constructor(
    readonly certPem: string,
    private readonly servedKey: string,
    readonly keyPath: string,
    readonly certPath: string,
  ) {}

  /**
   * Opens the pair of the data folder, making one on the first start. A stored pair that cannot be
   * served (unreadable, mismatched, too weak) is replaced by a fresh self-signed one and reported
   * through `loadFailed`: the module always starts with HTTPS.
   */
  static async open(dataDir: string, identity: DeviceIdentity, loadFailed: (message: string) => void = () => {}): Promise<CertificateStore> {
    const dir = join(dataDir, 'tls');
    const certPath = join(dir, 'cert.pem');
    const keyPath = join(dir, 'key.pem');
    const stored = existsSync(certPath) || existsSync(keyPath);
    if (!stored || storedProblem(certPath, keyPath) !== undefined) {
      if (stored) loadFailed(`${t.replacedAtStart} (${storedProblem(certPath, keyPath)})`);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const { certPem, keyPem } = await makeSelfSigned(identity);
      atomicWriteFiles([
        { path: keyPath, data: keyPem, mode: 0o600 },
        { path: certPath, data: certPem, mode: 0o644 },
      ]);
    }
    return new CertificateStore(readFileSync(certPath, 'utf8'), readFileSync(keyPath, 'utf8'), keyPath, certPath);
  }

  /** DER bytes, as a .cer download. */
  der(): Buffer {
    return Buffer.from(new X509Certificate(this.certPem).raw);
  }

  /**
   * The certificate and key the listener serves: read at start, like the device's web server. A
   * new one (generated or imported) waits on disk for the next reboot.
   */
  served(): { cert: string; key: string } {
    return { cert: this.certPem, key: this.servedKey };
  }

  /** 002 §3.11, read from the certificate actually served. */
  info(): CertInfo {
    return certInfo(this.certPem);
  }

  /** A new key and self-signed certificate (new serial) for the next reboot. */
  async generate(identity: DeviceIdentity): Promise<void> {
    const { certPem, keyPem } = await makeSelfSigned(identity);
    this.writePair(certPem, keyPem);
  }

  /**
   * Installs an uploaded PEM certificate with its private key for the next reboot. A file that
   * can not be read, a key of another certificate, a weak key or signature (certificate-policy.ts)
   * or a certificate outside its validity is refused whole: the files on disk stay as they were.
   */
  install(pem: string, nowMs: number): void {
    const certBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)?.[0];
    const keyBlock = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/.exec(pem)?.[0];
    if (!certBlock) throw badRequest(t.noCertificate);
    if (!keyBlock) throw badRequest(t.noKey);
    let cert: X509Certificate;
    let key: KeyObject;
    try {
      cert = new X509Certificate(certBlock);
      key = createPrivateKey(keyBlock);
    } catch {
      throw badRequest(t.unparsable);
    }
    const problem = pairProblem(cert, key, nowMs);
    if (problem) throw badRequest(problem);
    this.writePair(cert.toString(), key.export({ type: 'pkcs8', format: 'pem' }).toString());
  }

  /** A PKCS#10 request for the device subject, signed with the key that will be served next. */
  csr(identity: DeviceIdentity): string {
    let key: KeyObject;
    try {
      key = createPrivateKey(readFileSync(this.keyPath, 'utf8'));
    } catch {
      throw badRequest(t.unparsable);
    }
    if (key.asymmetricKeyType !== 'rsa') throw badRequest(t.unparsable);
    const csr = forge.pki.createCertificationRequest();
    csr.publicKey = forge.pki.publicKeyFromPem(createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString());
    csr.setSubject(deviceSubject(identity));
    csr.signatureOid = csr.siginfo.algorithmOid = SHA256_WITH_RSA;
    csr.signature = '';
    csr.certificationRequestInfo = firstPart(forge.pki.certificationRequestToAsn1(csr), 'certificate request');
    csr.signature = rsaSha256(csr.certificationRequestInfo, key);
    return forge.pki.certificationRequestToPem(csr);
  }

  /** The certificate on disk (the one served after the next reboot), PEM. */
  pendingPem(): string {
    return readFileSync(this.certPath, 'utf8');
  }

  private writePair(certPem: string, keyPem: string): void {
    // Both written before either is renamed: a full disk keeps the previous pair whole.
    atomicWriteFiles([
      { path: this.keyPath, data: keyPem, mode: 0o600 },
      { path: this.certPath, data: certPem, mode: 0o644 },
    ]);
  }
}

/** Why the stored pair cannot be served, or undefined when it can. */
function storedProblem(certPath: string, keyPath: string): string | undefined {
  try {
    const certPem = readFileSync(certPath, 'utf8');
    const keyPem = readFileSync(keyPath, 'utf8');
    return pairProblem(new X509Certificate(certPem), createPrivateKey(keyPem));
  } catch {
    return t.unparsable;
  }
}

function nameOf(fields: string): CertInfo['certificateSubject'] {
  const get = (k: string) => new RegExp(`^${k}=(.*)$`, 'm').exec(fields)?.[1] ?? '';
  return { commonName: get('CN'), companyName: get('O'), city: get('L'), state: get('ST'), countryCode: get('C') };
}

export function certInfo(pem: string): CertInfo {
  const x = new X509Certificate(pem);
  const details = x.publicKey.asymmetricKeyDetails;
  let signatureAlgorithm = 'unknown';
  let version = 3;
  try {
    const f = forge.pki.certificateFromPem(pem);
    signatureAlgorithm = forge.pki.oids[f.siginfo.algorithmOid] ?? f.siginfo.algorithmOid;
    version = f.version + 1;
  } catch {
    // forge reads RSA certificates only; the rest of the facts come from Node.
  }
  return {
    certificateIssuer: nameOf(x.issuer),
    certificateSubject: nameOf(x.subject),
    validity: { validateFrom: new Date(x.validFrom).toISOString(), expiration: new Date(x.validTo).toISOString() },
    details: {
      publicKeySize: details?.modulusLength ?? 0,
      publicKeyType: (x.publicKey.asymmetricKeyType ?? '').toUpperCase(),
      certificateVersion: version,
      signatureAlgorithm,
      serialNumber: x.serialNumber.toUpperCase(),
    },
  };
}

function deviceSubject(identity: DeviceIdentity) {
  return [
    { name: 'commonName', value: identity.meterSerialNumber.toLowerCase() },
    { name: 'organizationName', value: 'Meter Module' },
    { name: 'localityName', value: 'Toronto' },
    { name: 'stateOrProvinceName', value: 'ON' },
    { name: 'countryName', value: 'CA' },
  ];
}

async function makeSelfSigned(identity: DeviceIdentity): Promise<{ certPem: string; keyPem: string }> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15));
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const cn = identity.meterSerialNumber.toLowerCase();
  const attrs = deviceSubject(identity);
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: cn },
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.signatureOid = cert.siginfo.algorithmOid = SHA256_WITH_RSA;
  cert.signature = '';
  cert.tbsCertificate = firstPart(forge.pki.certificateToAsn1(cert), 'self-signed certificate');
  cert.signature = rsaSha256(cert.tbsCertificate, privateKey);
  return { certPem: forge.pki.certificateToPem(cert), keyPem: privateKey };
}

/** The part a certificate or request signs: the first of its ASN.1 sequence. */
function firstPart(whole: Forge.asn1.Asn1, what: string): Forge.asn1.Asn1 {
  const parts = whole.value;
  if (!Array.isArray(parts) || !parts[0]) throw new Error(`${what}: nothing to sign`);
  return parts[0];
}

/**
 * The RSASSA-PKCS1-v1_5 SHA-256 signature of a part's DER that forge's sign() makes, by node's
 * crypto (OpenSSL): forge's JavaScript big numbers took most of a first start, and held the
 * event loop ~50 ms (140 ms cold) for each CSR.
 */
function rsaSha256(part: Forge.asn1.Asn1, key: KeyObject | string): string {
  return sign('sha256', Buffer.from(forge.asn1.toDer(part).getBytes(), 'binary'), key).toString('binary');
}
