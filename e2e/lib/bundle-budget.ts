/**
 * The console's JS budgets (issue 14), measured from the built dist's chunk graph
 * (`dist/.vite/manifest.json`): what the browser must fetch before Login can draw, and what each
 * lazily loaded screen adds on top. Sizes are gzip at level 9, the bytes the module sends to a
 * browser that does not take brotli.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_ROUTE_BUDGET = 150 * 1024;
export const LAZY_ROUTE_BUDGET = 60 * 1024;
/** What Basic Metering, the landing screen, loads beyond the login route: the signed-in frame and its own chunks (issue 28). */
export const BASIC_METERING_BUDGET = 60 * 1024;

export const CONSOLE_DIST = fileURLToPath(new URL('../../apps/console/dist', import.meta.url));
const LOGIN_SOURCE = 'src/features/auth/login.tsx';
const LAYOUT_SOURCE = 'src/app/main-layout.tsx';
const BASIC_METERING_SOURCE = 'src/features/metering/basic-metering.tsx';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  /** The screen's source file (the route's lazy import). */
  screen: string;
  bytes: number;
}

export interface BundleBudget {
  loginRoute: { bytes: number; files: string[] };
  /**
   * The signed-in frame the first screen after Login adds: the layout (top bar, menus) and the
   * chunks every screen needs, fetched once.
   */
  frame: { bytes: number; files: string[] };
  /** What Basic Metering (where `/` leads) loads beyond the login route: the frame and its own chunks. */
  basicMetering: { bytes: number; files: string[] };
  /** What each screen adds once the frame is in (a menu click). */
  lazyRoutes: RouteBudget[];
  /** The most a first signed-in screen costs on top of Login: frame + its own. */
  firstScreenMax: number;
}

export function gzipBytes(dist: string, file: string): number {
  const path = join(dist, file);
  // The file the module actually sends, when the build wrote one.
  if (existsSync(`${path}.gz`)) return readFileSync(`${path}.gz`).length;
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** Every chunk a chunk needs before it runs (its static imports, transitively). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const k of manifest[key]?.imports ?? []) closure(manifest, k, into);
  return into;
}

const jsBytes = (dist: string, manifest: Manifest, keys: Iterable<string>) =>
  [...keys].reduce((sum, k) => sum + (manifest[k]!.file.endsWith('.js') ? gzipBytes(dist, manifest[k]!.file) : 0), 0);

export function measureBundle(dist = CONSOLE_DIST): BundleBudget {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the manifest names no entry chunk');
  const initial = closure(manifest, entry);
  const login = new Set(initial);
  // Login in its own chunk (not in the entry) is part of what the login route fetches.
  if (manifest[LOGIN_SOURCE]?.isDynamicEntry) closure(manifest, LOGIN_SOURCE, login);
  const layout = manifest[LAYOUT_SOURCE]?.isDynamicEntry ? closure(manifest, LAYOUT_SOURCE) : new Set<string>();
  const screens = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && k.startsWith('src/features/') && k !== LOGIN_SOURCE);
  const closures = screens.map((k) => closure(manifest, k));
  const everyScreen = closures.length ? [...closures[0]!].filter((c) => c !== screens[0] && closures.every((cl) => cl.has(c))) : [];
  const frame = [...new Set([...layout, ...everyScreen])].filter((k) => !login.has(k));
  const loaded = new Set([...login, ...frame]);
  const lazyRoutes = screens
    .map((k, i) => ({
      screen: k,
      bytes: jsBytes(
        dist,
        manifest,
        [...closures[i]!].filter((c) => !loaded.has(c)),
      ),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const frameBytes = jsBytes(dist, manifest, frame);
  const files = (keys: Iterable<string>) => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  if (!manifest[BASIC_METERING_SOURCE]?.isDynamicEntry) throw new Error(`${BASIC_METERING_SOURCE} is not a lazy screen`);
  const basicMetering = [...new Set([...frame, ...closure(manifest, BASIC_METERING_SOURCE)])].filter((k) => !login.has(k));
  return {
    loginRoute: { bytes: jsBytes(dist, manifest, login), files: files(login) },
    frame: { bytes: frameBytes, files: files(frame) },
    basicMetering: { bytes: jsBytes(dist, manifest, basicMetering), files: files(basicMetering) },
    lazyRoutes,
    firstScreenMax: frameBytes + (lazyRoutes[0]?.bytes ?? 0),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
