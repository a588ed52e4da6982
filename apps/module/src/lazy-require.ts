/**
 * A CommonJS package loaded at its first use rather than at the module's start. The protocol
 * clients and servers (mqtt, ssh2, basic-ftp, nodemailer, net-snmp, node-forge) took ~300 ms of
 * CPU to load on the 2-core machine, before the first reply, for services most devices have
 * switched off; now a service pays for its library when it first connects, serves or signs.
 * The value is a stand-in whose properties are the package's: `pkg.connect(...)`, `new pkg.Client()`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyRequire<T extends object>(id: string): T {
  let loaded: T | undefined;
  const load = (): T => (loaded ??= require(id) as T);
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(load(), key) as unknown,
    has: (_target, key) => Reflect.has(load(), key),
  });
}
