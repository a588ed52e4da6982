/**
 * Named rules (000 §5, LuCI validation.js style). Each rule is built with the field label and its
 * parameters and returns a checker: value → message, or undefined when the value passes.
 * Like the spec's shared helpers, every rule but `required` passes empty values.
 */
import { formMessages as m, namedRuleMessages as n } from '../messages.ts';

export type Checker<T = unknown> = (value: T) => string | undefined;
export type Value = string | number | boolean | null | undefined;

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));

const str = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');
const onlyFilled =
  <T>(check: (v: T) => string | undefined): Checker<T> =>
  (v) =>
    isEmpty(v) ? undefined : check(v);
const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(str(v).trim()));

const DECIMAL_RE = /^[+-]?\d+(\.\d+)?$/;
const DIGITS_RE = /^\d+$/;
const INTEGER_RE = /^[+-]?\d+$/;
const ALPHANUM_RE = /^[a-zA-Z0-9]+$/;
const ALPHANUM_SPACE_RE = /^[a-zA-Z0-9 ]+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_RE = /^(?=.{1,253}$)(?!-)[a-zA-Z0-9-]{1,63}(?<!-)(\.(?!-)[a-zA-Z0-9-]{1,63}(?<!-))*\.[a-zA-Z]{2,63}$/;
const HEX_RE = /^[0-9a-fA-F]+$/;
const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_RE = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);
const IPV4_PATH_RE = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}(/\\S*)?$`);
const IPV4_PORT_RE = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}(:\\d{1,5})?$`);

export function isIPv4(v: string): boolean {
  return IPV4_RE.test(v);
}

export function isIPv6(v: string): boolean {
  const s = v;
  if (!/^[0-9a-fA-F:.]+$/.test(s) || !s.includes(':')) return false;
  const double = s.split('::');
  if (double.length > 2) return false;
  const parts = (p: string) => (p === '' ? [] : p.split(':'));
  const head = parts(double[0]!);
  const tail = double.length === 2 ? parts(double[1]!) : [];
  const all = [...head, ...tail];
  let groups = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last) || !s.endsWith(last)) return false; // an embedded IPv4 only ends the address
    groups += 1; // an embedded IPv4 takes two groups
    all.pop();
  }
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return double.length === 2 ? groups < 8 : groups === 8;
}

/**
 * A file name given by a client (a download, a backup): one plain name, never a path. '..', a
 * separator, a control character or a leading dot is refused before anything joins it to a folder.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const SAFE_FILE_NAME = /^(?!\.)(?!.*\.\.)[^/\\\x00-\x1f\x7f]{1,255}$/;

export const isDomain = (v: string): boolean => DOMAIN_RE.test(v) || v === 'localhost';
export const isEmail = (v: string): boolean => EMAIL_RE.test(v);
/** An IP address or a domain (the spec's ipOrDomain): what every host field holds. */
export const isIpOrDomain = (v: string): boolean => isIPv4(v) || isIPv6(v) || isDomain(v);

/** A host name of RFC 1123 (dot-separated labels of letters, digits and inner hyphens): a LAN server's one-label name too. */
const HOST_NAME_RE = /^(?=.{1,253}$)(?!-)[a-zA-Z0-9-]{1,63}(?<!-)(\.(?!-)[a-zA-Z0-9-]{1,63}(?<!-))*$/;

/**
 * Whether `v` is a URL of one of `schemes` whose host is an IP address ([…] for IPv6) or a host
 * name, with an optional port of at most 65535 and a path without spaces. Read from the text itself
 * (no URL parser's normalising): `http://a;id`, `http://$(reboot)` or a host with a quote never pass.
 */
export function isHostUrl(v: string, schemes: readonly string[]): boolean {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#\s]*)([/?#]\S*)?$/.exec(v);
  if (!m || !schemes.includes(m[1]!.toLowerCase())) return false;
  const authority = m[2]!;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const hp = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(hostPort);
  if (!hp) return false;
  if (hp[3] !== undefined && Number(hp[3]) > 65535) return false;
  return hp[1] !== undefined ? isIPv6(hp[1]) : isIPv4(hp[2]!) || HOST_NAME_RE.test(hp[2]!);
}

function decimalPlaces(v: unknown): number {
  const s = str(v);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

export const rules = {
  required:
    (label?: string): Checker =>
    (v) =>
      isEmpty(v) ? m.required(label) : undefined,
  minLength: (label: string, len: number): Checker => onlyFilled((v) => (str(v).length < len ? m.minLength(label, len) : undefined)),
  maxLength: (label: string, len: number): Checker => onlyFilled((v) => (str(v).length > len ? m.maxLength(label, len) : undefined)),
  /** A decimal: digits with an optional fraction. */
  decimal: (label: string): Checker => onlyFilled((v) => (DECIMAL_RE.test(str(v)) ? undefined : m.decimal(label))),
  maxDecimalPlace: (label: string, places: number): Checker =>
    onlyFilled((v) => (!DECIMAL_RE.test(str(v)) ? m.decimal(label) : decimalPlaces(v) > places ? m.maxDecimalPlace(label, places) : undefined)),
  numeric: (label: string): Checker => onlyFilled((v) => (DIGITS_RE.test(str(v)) ? undefined : m.numeric(label))),
  integer: (label: string): Checker => onlyFilled((v) => (INTEGER_RE.test(str(v)) && Number.isSafeInteger(toNumber(v)) ? undefined : m.integer(label))),
  alphaNum: (label: string): Checker => onlyFilled((v) => (ALPHANUM_RE.test(str(v)) ? undefined : m.alphaNum(label))),
  alphaNumSpace: (label: string): Checker => onlyFilled((v) => (ALPHANUM_SPACE_RE.test(str(v)) ? undefined : m.alphaNumSpace(label))),
  minValue: (label: string, min: number): Checker => onlyFilled((v) => (toNumber(v) >= min ? undefined : m.minValue(label, min))),
  email: (label: string): Checker => onlyFilled((v) => (isEmail(str(v)) ? undefined : m.email(label))),
  domain: (label: string): Checker => onlyFilled((v) => (isDomain(str(v)) ? undefined : m.domain(label))),
  between: (label: string, min: number, max: number): Checker =>
    onlyFilled((v) => {
      const x = toNumber(v);
      return Number.isFinite(x) && x >= min && x <= max ? undefined : m.between(label, min, max);
    }),
  /** A number in range, or exactly the exception value (e.g. HTTPS 6000-9999 or 443). */
  betweenException: (label: string, exception: number, min: number, max: number): Checker =>
    onlyFilled((v) => {
      const x = toNumber(v);
      return x === exception || (Number.isFinite(x) && x >= min && x <= max) ? undefined : m.betweenException(label, exception, min, max);
    }),
  ipAddress: (label: string): Checker => onlyFilled((v) => (isIPv4(str(v)) || isIPv6(str(v)) ? undefined : m.ipAddress(label))),
  ipOrDomain: (label: string): Checker => onlyFilled((v) => (isIpOrDomain(str(v)) ? undefined : m.ipOrDomain(label))),
  /** A host, or an http(s) URL of one (a proxy given either way); the ipOrDomain message. */
  hostOrHttpUrl: (label: string): Checker => onlyFilled((v) => (isIpOrDomain(str(v)) || isHostUrl(str(v), ['http', 'https']) ? undefined : m.ipOrDomain(label))),
  noSpace: (label: string): Checker => onlyFilled((v) => (/\s/.test(str(v)) ? m.noSpace(label) : undefined)),
  hex: (label: string): Checker => onlyFilled((v) => (HEX_RE.test(str(v)) ? undefined : m.hex(label))),
  multipleLength: (label: string, len: number): Checker => onlyFilled((v) => (str(v).length % len === 0 ? undefined : m.multipleLength(label, len))),
  /** A positive or negative number. */
  allNum: (label: string): Checker => onlyFilled((v) => (DECIMAL_RE.test(str(v)) ? undefined : m.allNum(label))),
  /** Float with exactly `places` decimals. */
  isFloat: (label: string, places: number): Checker => onlyFilled((v) => (DECIMAL_RE.test(str(v)) && decimalPlaces(v) === places ? undefined : m.isFloat(label, places))),
  notStartWith: (label: string, prefix: string, exception?: string): Checker =>
    onlyFilled((v) => (str(v) !== exception && str(v).startsWith(prefix) ? m.notStartWith(label, prefix) : undefined)),

  greaterThan: (label: string, other: number, otherLabel: string | number = other, orEqual = false): Checker =>
    onlyFilled((v) => {
      const x = toNumber(v);
      return (orEqual ? x >= other : x > other) ? undefined : orEqual ? n.greaterOrEqual(label, otherLabel) : n.greaterThan(label, otherLabel);
    }),
  lessThan: (label: string, other: number, otherLabel: string | number = other, orEqual = false): Checker =>
    onlyFilled((v) => {
      const x = toNumber(v);
      return (orEqual ? x <= other : x < other) ? undefined : orEqual ? n.lessOrEqual(label, otherLabel) : n.lessThan(label, otherLabel);
    }),
  hexBetween: (label: string, min: string, max: string): Checker =>
    onlyFilled((v) => {
      const s = str(v);
      if (!HEX_RE.test(s)) return m.hex(label);
      const x = parseInt(s, 16);
      return x >= parseInt(min, 16) && x <= parseInt(max, 16) ? undefined : n.hexBetween(label, min, max);
    }),
  hasAlpha: (label: string): Checker => onlyFilled((v) => (/[a-zA-Z]/.test(str(v)) ? undefined : n.hasAlpha(label))),
  hasNum: (label: string): Checker => onlyFilled((v) => (/\d/.test(str(v)) ? undefined : n.hasNum(label))),
  isMultipleOf: (label: string, base: number, exception?: number): Checker =>
    onlyFilled((v) => {
      const x = toNumber(v);
      if (exception !== undefined && x === exception) return undefined;
      return Number.isFinite(x) && x % base === 0 ? undefined : exception !== undefined ? n.isMultipleOfException(label, base, exception) : n.isMultipleOf(label, base);
    }),
  isIntOrFloat: (label: string, minPlaces: number, maxPlaces: number): Checker =>
    onlyFilled((v) => {
      if (INTEGER_RE.test(str(v))) return undefined;
      const places = decimalPlaces(v);
      return DECIMAL_RE.test(str(v)) && places >= minPlaces && places <= maxPlaces ? undefined : n.isIntOrFloat(label, minPlaces, maxPlaces);
    }),
  needUppercase: (label: string): Checker => onlyFilled((v) => (/[A-Z]/.test(str(v)) ? undefined : n.needUppercase(label))),
  needLowercase: (label: string): Checker => onlyFilled((v) => (/[a-z]/.test(str(v)) ? undefined : n.needLowercase(label))),
  /** A character from @!#%^&*? (000 §5 shared helpers). */
  needSpecialCharacter: (label: string): Checker => onlyFilled((v) => (/[@!#%^&*?]/.test(str(v)) ? undefined : n.needSpecialCharacter(label))),
  ipv4: (label: string): Checker => onlyFilled((v) => (isIPv4(str(v)) ? undefined : n.ipv4(label))),
  ipv4WithPath: (label: string): Checker => onlyFilled((v) => (IPV4_PATH_RE.test(str(v)) ? undefined : n.ipv4(label))),
  ipv4WithPort: (label: string): Checker =>
    onlyFilled((v) => {
      if (!IPV4_PORT_RE.test(str(v))) return n.ipv4Port(label);
      const port = str(v).split(':')[1];
      return port === undefined || Number(port) <= 65535 ? undefined : n.ipv4Port(label);
    }),
  ipv6: (label: string): Checker => onlyFilled((v) => (isIPv6(str(v)) ? undefined : n.ipv6(label))),
  url: (label: string): Checker =>
    onlyFilled((v) => {
      try {
        new URL(str(v));
        return undefined;
      } catch {
        return n.url(label);
      }
    }),
  // The URL rules also hold the host to an IP address or a host name (isHostUrl); the spec's one
  // message of each field says what the URL must be.
  httpUrl: (label: string, message?: string): Checker => onlyFilled((v) => (isHostUrl(str(v), ['http', 'https']) ? undefined : (message ?? n.httpUrl(label)))),
  ftpUrl: (label: string, message?: string): Checker => onlyFilled((v) => (isHostUrl(str(v), ['ftp']) ? undefined : (message ?? n.ftpUrl(label)))),
  sftpUrl: (label: string, message?: string): Checker => onlyFilled((v) => (isHostUrl(str(v), ['sftp']) ? undefined : (message ?? n.sftpUrl(label)))),
  unique: (label: string, others: readonly unknown[]): Checker => onlyFilled((v) => (others.includes(v) ? n.unique(label) : undefined)),
} as const;

const LABEL_RULE: unique symbol = Symbol('labelRule');

/** A named rule still waiting for its field's label: the field builder (text, int ...) gives it the label of its meta. */
export interface LabelRule {
  readonly [LABEL_RULE]: (label: string) => Checker;
}
/** What a field builder takes: a checker, or a named rule that takes the field's label. */
export type FieldRule<T> = Checker<T> | LabelRule;

type Unlabelled = { [K in keyof typeof rules]: (typeof rules)[K] extends (label: string, ...args: infer A) => Checker ? (...args: A) => LabelRule : never };

/**
 * The named rules without their label (`rule.maxLength(64)`, `rule.ipAddress()`): the field builder
 * passes its own label, so a field's label is written once.
 */
export const rule = Object.fromEntries(
  Object.entries(rules).map(([name, make]) => [
    name,
    (...args: unknown[]): LabelRule => ({ [LABEL_RULE]: (label) => (make as (label: string, ...rest: unknown[]) => Checker)(label, ...args) }),
  ]),
) as Unlabelled;

/** The checkers of a field: its label given to the rules that wait for it. */
export function withLabel<T>(label: string, checkers: readonly FieldRule<T>[]): Checker<T>[] {
  return checkers.map((c) => (typeof c === 'function' ? c : (c[LABEL_RULE](label) as Checker<T>)));
}

/** Runs checkers in order and returns the first message. */
export function firstError<T>(value: T, checkers: readonly Checker<T>[]): string | undefined {
  for (const c of checkers) {
    const msg = c(value);
    if (msg) return msg;
  }
  return undefined;
}
