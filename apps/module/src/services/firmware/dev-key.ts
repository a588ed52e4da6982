/**
 * The development signing key's public half: a module trusts it only when MODULE_FIRMWARE_DEV_KEY is
 * 1 (off by default: the key is published), so `npm run firmware:pack` (apps/module/dev-keys/firmware-dev-key.pem) makes packages the simulation
 * applies. A production device trusts only the keys of MODULE_FIRMWARE_KEYS (a folder of PEM files).
 */
export const DEV_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAdeL87zvo0PDw+R2HiQam9CU836oaI7RqzmzWVcolVIQ=
-----END PUBLIC KEY-----
`;
