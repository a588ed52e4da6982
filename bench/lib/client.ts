/**
 * A client like the console in a browser: kept-alive connections (a browser keeps them past the
 * 5 s poll period; Node's fetch drops idle sockets after 4 s, which would add a TCP connect to every
 * paced poll), bearer sessions, latencies from request to the reply's last byte.
 */
import http from 'node:http';

export interface Reply {
  status: number;
  body: string;
  ms: number;
  /**
   * From the request's last byte handed to the kernel to the reply's head parsed: the server's
   * time and the loopback both ways, without this client's own cost of building the request or
   * reading the body (what curl's time_starttransfer - time_pretransfer measures).
   */
  firstByteMs: number;
}

export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  /** GETs sent again after the server had closed their idle kept-alive socket. */
  resets = 0;

  constructor(readonly baseUrl: string) {}

  /** A call of the API (`/api` + path). */
  request(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
    return this.send(method, `/api${path}`, token, body, true);
  }

  /** A GET of a path outside /api (e.g. /metrics), with the scraper's own headers. */
  get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
    return this.send('GET', path, undefined, undefined, true, headers);
  }

  private send(method: string, path: string, token: string | undefined, body: unknown, retry: boolean, extra: Record<string, string> = {}): Promise<Reply> {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let written = NaN;
    let firstByte = NaN;
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          headers: { ...extra, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          firstByte = performance.now();
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started, firstByteMs: firstByte - written }));
        },
      );
      req.on('finish', () => (written = performance.now()));
      req.on('error', (e: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as idle can be picked for a request in the same
        // instant; a browser sends an idempotent request again on a new connection, and so do we.
        if (retry && req.reusedSocket && e.code === 'ECONNRESET' && (method === 'GET' || method === 'HEAD')) {
          this.resets++;
          this.send(method, path, token, body, false, extra).then(resolve, reject);
        } else reject(e);
      });
      req.end(payload);
    });
  }

  async ok(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
    const r = await this.request(method, path, token, body);
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.body.slice(0, 200)}`);
    return r;
  }

  async login(username: string, password: string): Promise<string> {
    const r = await this.ok('POST', '/users/authenticate', undefined, { username, password });
    return (JSON.parse(r.body) as { data: { token: string } }).data.token;
  }

  close(): void {
    this.agent.destroy();
  }
}
