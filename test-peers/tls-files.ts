/**
 * The TLS files a test peer serves with, made with openssl: a CA, a server certificate for
 * 127.0.0.1 and a client certificate, both signed by the CA (the module trusts the CA through
 * MODULE_TRUSTED_CA).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TlsFiles {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

function openssl(dir: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate, all signed by the CA. */
export function makeTlsFiles(dir: string): TlsFiles {
  openssl(dir, 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Test CA');
  for (const who of ['server', 'client']) {
    openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${who}.key`, '-out', `${who}.csr`, '-subj', `/CN=${who === 'server' ? '127.0.0.1' : 'meter'}`);
    writeFileSync(join(dir, `${who}.ext`), who === 'server' ? 'subjectAltName=IP:127.0.0.1\n' : 'extendedKeyUsage=clientAuth\n');
    openssl(dir, 'x509', '-req', '-in', `${who}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${who}.crt`, '-days', '2', '-extfile', `${who}.ext`);
  }
  const p = (f: string) => join(dir, f);
  return { dir, ca: p('ca.crt'), serverCert: p('server.crt'), serverKey: p('server.key'), clientCert: p('client.crt'), clientKey: p('client.key') };
}
