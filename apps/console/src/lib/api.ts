/**
 * The request helper (000 §7, §8). Every call goes through here: the token, `{data}` unwrapping,
 * the generic error catalogue, cancel-on-navigation, file downloads and uploads.
 * Typed fetchers come from the contract's endpoint entries: `callEndpoint(endpoints.x, {...})`.
 */
import { IF_REVISION_HEADER, REVISION_HEADER, USER_ACTIVITY_HEADER, endpointUrl, sessionTimeoutTexts, type BodyOf, type Endpoint, type ReplyOf } from '@meter/contract';
import { showAlert, showStaticAlert } from './alerts.ts';
import { NO_RESPONSE, downloadFailure, genericFailure, type FailureNotice } from './api-errors.ts';
import { LOGIN_PATH, NEXT_PARAM, currentPath, navigateTo } from './navigation.ts';
import { noteAnswer, noteNoResponse } from './reachability.ts';
import { isRebooting } from './reboot-state.ts';
import { track } from './request-registry.ts';
import { clearSession, getSession } from './session.ts';
import { setWarnedSessionEnd, takeUserActivity, warnedSessionEnded } from './user-activity.ts';

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when there was no response. */
    readonly status: number,
    /** The reply's human message (`data.value`). */
    readonly value?: string,
    readonly errors?: Record<string, string>,
    /** Cancelled by a navigation or by the caller: nobody is told. */
    readonly aborted = false,
  ) {
    super(value ?? (aborted ? 'Request cancelled' : `Request failed with status ${status}`));
  }
  /** The reply's Retry-After, in seconds (a sign-in lockout's wait). */
  retryAfterSeconds?: number;
  /** A refused sign-in's failed attempts left before the lockout (`data.attemptsLeft`). */
  attemptsLeft?: number;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Query;
  /** Skip the generic alert: for every status, or for the listed ones (0 = no response). 401 is `redirectOn401`'s. */
  suppress?: boolean | readonly number[];
  /** false: a 401 neither alerts nor leaves for Login (sign-in, logout). */
  redirectOn401?: boolean;
  /** null sends no token; a string sends that one instead of the stored one. */
  token?: string | null;
  /** Not cancelled by navigation (shell-wide queries that outlive the screen). */
  persistent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (a section save names the revision it edited in If-Match). */
  headers?: Readonly<Record<string, string>>;
}

/** The revision (ETag) a reply carried, kept by the reply's data object: a form saves against the data it was loaded from. */
const revisions = new WeakMap<object, string>();
export const revisionOf = (data: unknown): string | undefined => (data !== null && typeof data === 'object' ? revisions.get(data) : undefined);
/** The If-Match header naming the revision `data` was read with (none when it carried none). */
export function ifRevisionHeaders(data: unknown): Record<string, string> | undefined {
  const revision = revisionOf(data);
  return revision ? { [IF_REVISION_HEADER]: revision } : undefined;
}
/** Lets derived data (a form's flattened values) answer for the reply it came from. */
export function keepRevision<T extends object>(derived: T, from: unknown): T {
  const revision = revisionOf(from);
  if (revision !== undefined) revisions.set(derived, revision);
  return derived;
}

type AnyEndpoint = Endpoint;
/** The body is required exactly when the endpoint declares one (bodiless entries type it as unknown). */
export type CallArgs<E> = RequestOptions & (undefined extends BodyOf<E> ? { body?: undefined } : { body: BodyOf<E> });

const tokenOf = (opts: RequestOptions) => (opts.token === undefined ? getSession()?.token : (opts.token ?? undefined));

function withQuery(url: string, query: Query = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

const apiUrl = (path: string, opts: RequestOptions) => withQuery(endpointUrl(path, opts.params), opts.query);

function isSuppressed(status: number, opts: RequestOptions): boolean {
  if (opts.suppress === true) return true;
  if (Array.isArray(opts.suppress) && opts.suppress.includes(status)) return true;
  // While the module restarts, "no response" is the expected answer, not news.
  return isRebooting() && (status === NO_RESPONSE || status === 503);
}

/** Shows a catalogue notice: a static alert or an ordinary one. */
export function presentFailure(notice: FailureNotice): void {
  if (notice.kind === 'static') showStaticAlert(notice.alert);
  else showAlert({ type: notice.type, message: notice.message });
}

/**
 * Tells the user about a failed call the way 000 §8 says, and returns the error to throw. A 400
 * that carries the module's rule message ("Add at least 1 whitelist") shows that message: the
 * catalogue's "An error has occurred." is for a refusal that names none (issue 28).
 */
function failed(status: number, data: { value?: unknown; errors?: unknown } | undefined, opts: RequestOptions, notice = genericFailure(status)): ApiError {
  const value = typeof data?.value === 'string' ? data.value : undefined;
  const errors = data?.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : undefined;
  if (status === 401) {
    // A reboot ends every session and its countdown already leads to Login. So does a session the
    // console has let go of itself (a sign-out, a time change): a poll's late 401 is not news.
    if (opts.redirectOn401 !== false && !isRebooting() && !(opts.token === undefined && getSession() === null)) {
      // The session timed out after its warning: say so (issue 28), not only "Unauthorized".
      presentFailure(warnedSessionEnded() ? { kind: 'alert', type: 'warning', message: sessionTimeoutTexts.ended } : notice);
      setWarnedSessionEnd(null);
      clearSession();
      // Signing in again comes back here.
      if (currentPath() !== LOGIN_PATH) navigateTo(`${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(currentPath() + window.location.search)}`);
    }
  } else if (!isSuppressed(status, opts)) presentFailure(status === 400 && value ? { kind: 'alert', type: 'danger', message: value } : notice);
  return new ApiError(status, value, errors);
}

/** fetch, registered for cancel-on-navigation; a network failure becomes ApiError(0). */
async function send(url: string, init: RequestInit, opts: RequestOptions, notice?: (status: number) => FailureNotice): Promise<Response> {
  const controller = new AbortController();
  const forget = opts.persistent ? () => {} : track(controller);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    noteAnswer();
    return res;
  } catch {
    if (controller.signal.aborted) throw new ApiError(NO_RESPONSE, undefined, undefined, true);
    noteNoResponse();
    throw failed(NO_RESPONSE, undefined, opts, notice?.(NO_RESPONSE));
  } finally {
    forget();
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function headers(opts: RequestOptions, json: boolean): Headers {
  const h = new Headers({ Accept: 'application/json', ...opts.headers });
  if (json) h.set('Content-Type', 'application/json');
  const token = tokenOf(opts);
  if (token) {
    h.set('Authorization', `Bearer ${token}`);
    // Whether this call is the user's doing, for the session timeout: a poll says '0'.
    if (!h.has(USER_ACTIVITY_HEADER)) h.set(USER_ACTIVITY_HEADER, takeUserActivity() ? '1' : '0');
  }
  return h;
}

async function readData(res: Response): Promise<{ data?: unknown } | undefined> {
  try {
    return (await res.json()) as { data?: unknown };
  } catch {
    return undefined;
  }
}

/** A JSON call under /api. `path` is an endpoint path with :params. */
export async function request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const res = await send(apiUrl(path, opts), { method, headers: headers(opts, hasBody), body: hasBody ? JSON.stringify(body ?? {}) : undefined }, opts);
  const payload = await readData(res);
  if (res.ok) {
    const etag = res.headers.get(REVISION_HEADER);
    if (etag && payload?.data !== null && typeof payload?.data === 'object') revisions.set(payload.data, etag);
    return payload?.data as T;
  }
  const error = failed(res.status, payload?.data as { value?: unknown } | undefined, opts);
  const retryAfter = Number(res.headers.get('Retry-After'));
  if (retryAfter > 0) error.retryAfterSeconds = retryAfter;
  const attemptsLeft = (payload?.data as { attemptsLeft?: unknown } | undefined)?.attemptsLeft;
  if (typeof attemptsLeft === 'number') error.attemptsLeft = attemptsLeft;
  throw error;
}

/** The typed fetcher of one contract endpoint: body and reply types come from its schemas. */
export function callEndpoint<E extends AnyEndpoint>(endpoint: E, args: CallArgs<E>): Promise<ReplyOf<E>> {
  return request<ReplyOf<E>>(endpoint.method, endpoint.path, args.body, args);
}

/** Saves a blob under a name through a temporary link (downloads, and files the console builds itself). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface DownloadOptions extends RequestOptions {
  /** Defaults to the last path segment. */
  fileName?: string;
  /** One text for every failure (the certificate's 'Error: File not found.'). */
  failureMessage?: string;
}

/** 000 §7: GET with a time parameter, read as a blob; a failure is told as for a download and thrown (ApiError). */
export async function fetchFile(path: string, opts: Omit<DownloadOptions, 'fileName'> = {}): Promise<Blob> {
  const url = apiUrl(path, { ...opts, query: { time: Date.now(), ...opts.query } });
  const notice = (status: number) => downloadFailure(status, opts.failureMessage);
  const res = await send(url, { headers: headers(opts, false) }, opts, notice);
  if (!res.ok) throw failed(res.status, (await readData(res))?.data as { value?: unknown } | undefined, opts, notice(res.status));
  return res.blob();
}

/** 000 §7: GET with a time parameter, read as a blob and saved under the last path segment. */
export async function download(path: string, opts: DownloadOptions = {}): Promise<boolean> {
  try {
    const blob = await fetchFile(path, opts);
    const fileName = opts.fileName ?? decodeURIComponent(endpointUrl(path, opts.params).split('/').pop() ?? 'download');
    saveBlob(blob, fileName);
    return true;
  } catch (e) {
    if (e instanceof ApiError) return false;
    throw e;
  }
}

/** The URL of a file the browser opens by itself: no token in it (docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Download tickets"). */
export function fileLink(path: string, opts: Pick<RequestOptions, 'params' | 'query'> = {}): string {
  return apiUrl(path, opts);
}

/**
 * Opens a file link with a single-use download ticket asked for just before (`ticketEndpoint`,
 * the contract's downloadTicket): the browser streams the file to disk itself, and its URL
 * carries nothing that opens anything a second time.
 */
export async function openFileLink(url: string, fileName: string, ticketEndpoint: Pick<Endpoint, 'method' | 'path'>): Promise<void> {
  const { ticket } = await request<{ ticket: string }>(ticketEndpoint.method, ticketEndpoint.path, { path: url });
  const a = document.createElement('a');
  a.href = withQuery(url, { ticket });
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

export interface UploadOptions extends RequestOptions {
  /** Percent sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/** 000 §7: POST multipart with one field named `file`; progress through XMLHttpRequest. */
export function upload<T = unknown>(path: string, file: Blob, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const controller = new AbortController();
    const forget = opts.persistent ? () => {} : track(controller);
    controller.signal.addEventListener('abort', () => xhr.abort());
    opts.signal?.addEventListener('abort', () => controller.abort());
    xhr.open('POST', apiUrl(path, opts));
    headers(opts, false).forEach((v, k) => xhr.setRequestHeader(k, v));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      forget();
      noteAnswer();
      let payload: { data?: unknown } | undefined;
      try {
        payload = JSON.parse(xhr.responseText) as { data?: unknown };
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload?.data as T);
      else reject(failed(xhr.status, payload?.data as { value?: unknown } | undefined, opts));
    };
    xhr.onerror = () => {
      forget();
      noteNoResponse();
      reject(failed(NO_RESPONSE, undefined, opts));
    };
    xhr.onabort = () => {
      forget();
      reject(new ApiError(NO_RESPONSE, undefined, undefined, true));
    };
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'file');
    xhr.send(form);
  });
}
