/** The network area (002 §2.2, §2.3): the Network page, the IPv6 page and their calls. */
export * from './network.ts';
export * from './ipv6.ts';
export * from './endpoints.ts';
