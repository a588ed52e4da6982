/** The HTTP headers of the revision check: a GET carries the revision, a PUT may name the one it edited. */
export const REVISION_HEADER = 'etag';
export const IF_REVISION_HEADER = 'if-match';
