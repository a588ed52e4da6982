/**
 * Where the web server listens (002 §3.2): the saved web server settings, read at start, so a
 * change takes effect after the reboot; PORT and MODULE_HTTPS_PORT override them for development
 * and tests (the defaults 80 and 443 need root).
 */
import type { WebServerConfig } from '@meter/contract';
import type { ModuleConfig } from '../../config.ts';

export interface WebPorts {
  http: number;
  https: number;
  allowHttp: boolean;
}

export function webPorts(config: Pick<ModuleConfig, 'port' | 'httpsPort'>, saved: WebServerConfig): WebPorts {
  return { http: config.port ?? saved.httpPort, https: config.httpsPort ?? saved.port, allowHttp: saved.allowHttp };
}

/** The HTTP listener's state when HTTP is not allowed: it redirects to the HTTPS port bound at start. */
export interface HttpRedirect {
  active: boolean;
  httpsPort: number | undefined;
}

/** The same host and path over HTTPS; the port is left out when it is HTTPS's own 443. */
export function httpsRedirectUrl(hostHeader: string, httpsPort: number, path: string): string {
  // '[::1]:8080' and 'host:8080' lose the port; a bare IPv6 literal keeps its brackets.
  const host = hostHeader.replace(/:\d+$/, '');
  return `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}${path}`;
}
