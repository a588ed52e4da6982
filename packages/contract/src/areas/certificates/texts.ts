/**
 * Certificate management texts (002 §2.9, §8), zod-free: the screen reads them without the schemas.
 */
import { requestMessages } from '../../shell-messages.ts';

/** Certificate Management (002 §2.9, §8.2, §8.3): the spec's texts, and the module's own (decided). */
export const certificateTexts = {
  title: 'Certificate Management',
  issuer: 'Issuer',
  subject: 'Subject',
  validity: 'Validity',
  details: 'Details',
  importCert: 'Import',
  generate: 'Generate New Self-Signed Certificate',
  generateCsr: 'Generate CSR',
  exportCert: 'Export',
  generated: 'Generate certificate success',
  uploaded: 'Cert file uploaded',
  fileNotFound: requestMessages.certificateNotFound,
  labels: {
    commonName: 'Common Name',
    companyName: 'Company Name',
    city: 'City',
    state: 'State',
    countryCode: 'Country Code',
    validateFrom: 'Valid From',
    expiration: 'Expiration',
    publicKeySize: 'Public Key Size',
    publicKeyType: 'Public Key Type',
    certificateVersion: 'Certificate Version',
    signatureAlgorithm: 'Signature Algorithm',
    serialNumber: 'Serial Number',
  },
  // The module's own replies (decided: the spec shows none).
  afterReboot: 'The new certificate is served after the next reboot',
  noFile: 'No file uploaded',
  noCertificate: 'The file holds no PEM certificate',
  noKey: 'The file holds no PEM private key',
  unparsable: 'The certificate or the private key cannot be read',
  keyMismatch: 'The private key does not match the certificate',
  expired: 'The certificate has expired',
  notYetValid: 'The certificate is not valid yet',
  weakKey: 'The key must be RSA of 2048 bits or more, or EC P-256, P-384 or P-521',
  weakSignature: 'The certificate must be signed with SHA-256 or stronger',
  replacedAtStart: 'The stored HTTPS certificate or key cannot be loaded: a new self-signed certificate is served',
} as const;
