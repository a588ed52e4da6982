/**
 * `npm run firmware:pack -- --version X.Y.Z --out FILE [--key PEM] [--product MODEL]`: builds a
 * signed module firmware package (.a2up, apps/module/src/services/firmware/package-format.ts).
 * The key defaults to the development key (apps/module/dev-keys/firmware-dev-key.pem), which a module trusts
 * only with MODULE_FIRMWARE_DEV_KEY=1; production packages are signed with a key kept elsewhere.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { VERSION_RE, buildPackage } from './services/firmware/package-format.ts';

const { values } = parseArgs({
  options: { version: { type: 'string' }, out: { type: 'string' }, key: { type: 'string' }, product: { type: 'string' } },
});
if (!values.version || !VERSION_RE.test(values.version) || !values.out) {
  console.error('usage: npm run firmware:pack -- --version X.Y.Z --out FILE [--key PEM] [--product MODEL]');
  process.exit(2);
}
const keyFile = values.key ?? fileURLToPath(new URL('../dev-keys/firmware-dev-key.pem', import.meta.url));
const key = createPrivateKey(readFileSync(keyFile));
const image = Buffer.from(`module firmware ${values.version}\n`);
const pkg = buildPackage({ product: values.product ?? 'AXM-WEB2', version: values.version }, [{ name: 'rootfs.img', data: image }], key);
writeFileSync(values.out, pkg);
console.log(`${values.out}: ${values.product ?? 'AXM-WEB2'} ${values.version}, ${pkg.length} bytes`);
