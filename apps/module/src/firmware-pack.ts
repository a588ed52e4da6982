/**
 * `npm run firmware:pack -- --version X.Y.Z --out FILE [--key PEM] [--product MODEL] [--kind module|meter] [--image-bytes N]`:
 * builds a signed firmware package (apps/module/src/services/firmware/package-format.ts): a module
 * firmware (.a2up, versions X.Y.Z, product AXM-WEB2) or, with `--kind meter`, a meter firmware
 * (.abin, versions X.Y, product the meter's model). The key defaults to the development key
 * (apps/module/dev-keys/firmware-dev-key.pem), which a module trusts only with
 * MODULE_FIRMWARE_DEV_KEY=1; production packages are signed with a key kept elsewhere.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { METER_VERSION_RE } from './services/firmware/meter-firmware.ts';
import { MAGIC, METER_MAGIC, VERSION_RE, buildPackage } from './services/firmware/package-format.ts';

const { values } = parseArgs({
  options: {
    version: { type: 'string' },
    out: { type: 'string' },
    key: { type: 'string' },
    product: { type: 'string' },
    kind: { type: 'string', default: 'module' },
    'image-bytes': { type: 'string' },
  },
});
const meter = values.kind === 'meter';
const versionRe = meter ? METER_VERSION_RE : VERSION_RE;
if ((values.kind !== 'module' && !meter) || !values.version || !versionRe.test(values.version) || !values.out) {
  console.error('usage: npm run firmware:pack -- --version X.Y.Z --out FILE [--key PEM] [--product MODEL] [--kind module|meter] [--image-bytes N]  (meter versions are X.Y)');
  process.exit(2);
}
const keyFile = values.key ?? fileURLToPath(new URL('../dev-keys/firmware-dev-key.pem', import.meta.url));
const key = createPrivateKey(readFileSync(keyFile));
const product = values.product ?? (meter ? 'AcuRev 2100-mV-18' : 'AXM-WEB2');
const label = Buffer.from(`${meter ? 'meter' : 'module'} firmware ${values.version}\n`);
// A real image is megabytes: --image-bytes pads it (an upload's progress can then be watched).
const imageBytes = Number(values['image-bytes'] ?? 0);
const image = imageBytes > label.length ? Buffer.concat([label, Buffer.alloc(imageBytes - label.length, 0x5a)]) : label;
const pkg = buildPackage({ product, version: values.version }, [{ name: meter ? 'meter.bin' : 'rootfs.img', data: image }], key, meter ? METER_MAGIC : MAGIC);
writeFileSync(values.out, pkg);
console.log(`${values.out}: ${product} ${values.version}, ${pkg.length} bytes`);
