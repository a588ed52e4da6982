/**
 * The module's HTTPS certificate: an RSA key and a self-signed X.509 certificate made on the
 * first start of a data folder, kept under <data>/tls (key mode 0600).
 */
import forge from 'node-forge';
import { generateKeyPair, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { DeviceIdentity } from '../device/device-service.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export class CertificateStore {
  private constructor(
    readonly certPem: string,
    readonly keyPath: string,
    readonly certPath: string,
  ) {}

  static async open(dataDir: string, identity: DeviceIdentity): Promise<CertificateStore> {
    const dir = join(dataDir, 'tls');
    const certPath = join(dir, 'cert.pem');
    const keyPath = join(dir, 'key.pem');
    if (!existsSync(certPath) || !existsSync(keyPath)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const { certPem, keyPem } = await makeSelfSigned(identity);
      writeFileSync(keyPath, keyPem, { mode: 0o600 });
      writeFileSync(certPath, certPem, { mode: 0o644 });
    }
    return new CertificateStore(readFileSync(certPath, 'utf8'), keyPath, certPath);
  }

  /** DER bytes, as a .cer download. */
  der(): Buffer {
    return Buffer.from(new X509Certificate(this.certPem).raw);
  }
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
  const attrs = [
    { name: 'commonName', value: cn },
    { name: 'organizationName', value: 'Meter Module' },
    { name: 'localityName', value: 'Toronto' },
    { name: 'stateOrProvinceName', value: 'ON' },
    { name: 'countryName', value: 'CA' },
  ];
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
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: privateKey };
}
