/**
 * The request header that says whether a call is the user's own doing (docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session
 * timeout"): '1' counts as activity and restarts the session's inactivity clock, '0' does not.
 * Without it a write counts and a read does not. The console sends '1' only on the first call
 * after the user pressed a key or a pointer button. Kept out of the schemas (no zod): the request
 * helper of the console's first load imports it.
 */
export const USER_ACTIVITY_HEADER = 'x-user-activity';
