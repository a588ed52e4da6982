/**
 * How the module serves the console's files (issue 14, first load): the cache lifetime of each file
 * and the Content-Security-Policy, whose only inline code is what the built index.html carries,
 * allowed by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite names what it builds under assets/ with a content hash: a changed file is a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so the browser asks again every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

export function cacheControlFor(path: string): string {
  // The precompressed twin (.br, .gz) is the same file.
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(path) ? IMMUTABLE : REVALIDATE;
}

const inlineBlocks = (html: string, tag: 'script' | 'style') =>
  // An inline block has no src; its text is hashed exactly as the browser reads it.
  [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);

/** The policy for a console whose index.html is `html` (none: the API alone, no inline code at all). */
export function contentSecurityPolicy(html = ''): string {
  const scripts = inlineBlocks(html, 'script');
  const styles = inlineBlocks(html, 'style');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    // Bootstrap draws its form icons from data: SVGs; chart PNGs and downloads are blob: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function consolePolicy(consoleDir: string | undefined): string {
  if (!consoleDir) return contentSecurityPolicy();
  return contentSecurityPolicy(readFileSync(join(consoleDir, 'index.html'), 'utf8'));
}

/** Two years with subdomains: sent on the HTTPS listener only (a header over plain HTTP means nothing). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
