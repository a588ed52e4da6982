/**
 * The launcher. A reboot command closes the listener, waits MODULE_REBOOT_SECONDS, and builds the
 * module again from its data folder: sessions (kept in memory, as on the device) all end.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { RotatingLogFile } from './log-file.ts';
import { startLoopProbe } from './loop-probe.ts';
import { listenHttp, listenHttps } from './services/web-server/https-listener.ts';
import { INITIAL_PASSWORD_FILE } from './services/users/first-start.ts';
import { webPorts } from './services/web-server/web-ports.ts';

const config = loadConfig();
if (config.loopProbe) startLoopProbe();
// One file across reboots, as the device's own log.
const logStream = config.logFile ? new RotatingLogFile(config.logFile) : undefined;

let bannerShown = false;

/** The last lines of a start (issue 28): where the console is, and where the admin password is. */
function startBanner(dataDir: string, httpPort: number | undefined, httpsPort: number | undefined): string {
  const urls = [httpPort && `http://localhost:${httpPort}`, httpsPort && `https://localhost:${httpsPort}`].filter(Boolean).join('  or  ');
  const file = join(dataDir, INITIAL_PASSWORD_FILE);
  const password = existsSync(file)
    ? `user admin, password in ${file} (a default: the first sign-in changes it)`
    : 'user admin, with the password set on the first start (MODULE_ADMIN_PASSWORD or the printed one) or changed since';
  return `\nMeter console ready: ${urls}\nSign in as ${password}\n`;
}

async function run(): Promise<void> {
  for (;;) {
    // The executor runs at once: the placeholder never stays.
    let rebootRequested = (): void => {};
    const reboot = new Promise<void>((r) => (rebootRequested = r));
    const { app, services } = await buildApp(config, { requestReboot: () => rebootRequested(), logStream });
    const { certificate, events, whitelist } = services;
    // The web server settings as saved before this start (a change waits for the reboot).
    const ports = webPorts(config, services.network.webServer());
    const httpPort = await listenHttp(app, { port: ports.http, host: config.host, events });
    const https = await listenHttps(app, { port: ports.https, host: config.host, certificate, events, allows: (a) => whitelist.allows(a) });
    services.httpRedirect.httpsPort = https.port;
    services.remoteAccess.listening(https.port);
    services.ticker.start();
    services.time.start();
    services.events.write('Info', 'Module started');
    // After the listeners' own log lines have left (pino writes them on the next turns).
    if (!bannerShown) setTimeout(() => console.log(startBanner(config.dataDir, httpPort, https.port)), 100);
    bannerShown = true;
    await reboot;
    app.log.info('reboot requested');
    // Let the command's reply leave before the listener goes away.
    await sleep(300);
    await https.close();
    await app.close();
    await sleep(config.rebootSeconds * 1000);
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
