/** An SFTP server for the tests (ssh2's server side): one user, uploads land in a folder. */
import { generateKeyPairSync } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join, posix } from 'node:path';
import ssh2 from 'ssh2';
import type { AddressInfo } from 'node:net';

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

export interface SftpPeer {
  port: number;
  close(): Promise<void>;
}

export async function startSftpPeer(root: string, user: string, password: string): Promise<SftpPeer> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const local = (p: string) => join(root, posix.normalize(`/${p}`));
  const server = new Server({ hostKeys: [privateKey] }, (client) => {
    client.on('authentication', (ctx) => (ctx.method === 'password' && ctx.username === user && ctx.password === password ? ctx.accept() : ctx.reject(['password'])));
    client.on('error', () => {});
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, number>();
          let next = 0;
          sftp.on('OPEN', (id, path, flags) => {
            if (!(flags & OPEN_MODE.WRITE)) return sftp.status(id, STATUS_CODE.PERMISSION_DENIED);
            const h = next++;
            handles.set(h, openSync(local(path), 'w'));
            const buf = Buffer.alloc(4);
            buf.writeUInt32BE(h);
            sftp.handle(id, buf);
          });
          sftp.on('WRITE', (id, handle, offset, data) => {
            writeSync(handles.get(handle.readUInt32BE())!, data, 0, data.length, offset);
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on('CLOSE', (id, handle) => {
            const h = handle.readUInt32BE();
            closeSync(handles.get(h)!);
            handles.delete(h);
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on('REMOVE', (id, path) => {
            rmSync(local(path), { force: true });
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on('RENAME', (id, from, to) => {
            renameSync(local(from), local(to));
            sftp.status(id, STATUS_CODE.OK);
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
