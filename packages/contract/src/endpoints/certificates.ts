import { successReply } from '../schemas/common.ts';
import * as cert from '../schemas/certificates.ts';
import { ep, pathParams, read, write } from './define.ts';

export const certificateEndpoints = {
  // Certificate Management (002 §7.4): the screen's actions need configuration edit (002 §2.9).
  getCertInfo: ep({ method: 'GET', path: '/command/cert/getCertInfo', reply: cert.certInfo, auth: read('configuration') }),
  /** A new key and self-signed certificate, served after the next reboot. */
  generateCert: ep({ method: 'PATCH', path: '/command/cert/generateCert', body: cert.certActionBody, reply: successReply, auth: write('configuration') }),
  /** A PKCS#10 request for the device subject, signed with the key to be served; the value is its download path. */
  generateCSR: ep({ method: 'PATCH', path: '/command/cert/generateCSR', body: cert.certActionBody, reply: successReply, auth: write('configuration') }),
  /** The value is the download path of the served certificate (PEM). */
  exportCert: ep({ method: 'PATCH', path: '/command/cert/exportCert', body: cert.certActionBody, reply: successReply, auth: write('configuration') }),
  certFile: ep({ method: 'GET', path: '/command/cert/file/:fileName', params: pathParams('fileName'), auth: write('configuration'), file: true }),
  /** Multipart `file`: a PEM certificate and its private key; installed for the next reboot. */
  uploadHttpsCert: ep({ method: 'POST', path: '/upload/local/httpsCert', reply: successReply, auth: write('configuration') }),
} as const;
