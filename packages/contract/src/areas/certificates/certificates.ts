/**
 * Certificate management (002 §2.9, §7.3, §8): schemas and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { strictObject } from '../../rules/fields.ts';
import { successReply } from '../../schemas/common.ts';
import { ep, pathParams, read, write } from '../../endpoints/define.ts';

/** Certificate info (002 §3.11) and the certificate commands (§7.4). */
const name = z.object({ commonName: z.string(), companyName: z.string(), city: z.string(), state: z.string(), countryCode: z.string() });

export const certInfo = z.object({
  certificateIssuer: name,
  certificateSubject: name,
  /** ISO 8601 UTC. */
  validity: z.object({ validateFrom: z.string(), expiration: z.string() }),
  details: z.object({ publicKeySize: z.number(), publicKeyType: z.string(), certificateVersion: z.number(), signatureAlgorithm: z.string(), serialNumber: z.string() }),
});
export type CertInfo = z.infer<typeof certInfo>;

/** The commands' body {action} (002 §7.4): the spec shows no values, any short text is taken. */
export const certActionBody = strictObject({ action: z.string().max(32) });

export const certificateEndpoints = {
  // Certificate Management (002 §7.4): the screen's actions need configuration edit (002 §2.9).
  getCertInfo: ep({ method: 'GET', path: '/command/cert/getCertInfo', reply: certInfo, auth: read('configuration') }),
  /** A new key and self-signed certificate, served after the next reboot. */
  generateCert: ep({ method: 'PATCH', path: '/command/cert/generateCert', body: certActionBody, reply: successReply, auth: write('configuration') }),
  /** A PKCS#10 request for the device subject, signed with the key to be served; the value is its download path. */
  generateCSR: ep({ method: 'PATCH', path: '/command/cert/generateCSR', body: certActionBody, reply: successReply, auth: write('configuration') }),
  /** The value is the download path of the served certificate (PEM). */
  exportCert: ep({ method: 'PATCH', path: '/command/cert/exportCert', body: certActionBody, reply: successReply, auth: write('configuration') }),
  certFile: ep({ method: 'GET', path: '/command/cert/file/:fileName', params: pathParams('fileName'), auth: write('configuration'), file: true }),
  /** Multipart `file`: a PEM certificate and its private key; installed for the next reboot. */
  uploadHttpsCert: ep({ method: 'POST', path: '/upload/local/httpsCert', reply: successReply, auth: write('configuration') }),
} as const;
