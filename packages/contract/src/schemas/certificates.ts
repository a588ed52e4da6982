/** Certificate info (002 §3.11) and the certificate commands (§7.4). */
import { z } from 'zod';
import { strictObject } from '../rules/fields.ts';

const name = z.object({ commonName: z.string(), companyName: z.string(), city: z.string(), state: z.string(), countryCode: z.string() });

export const certInfo = z.object({
  certificateIssuer: name,
  certificateSubject: name,
  /** ISO 8601 UTC. */
  validity: z.object({ validateFrom: z.string(), expiration: z.string() }),
  details: z.object({ publicKeySize: z.number(), publicKeyType: z.string(), certificateVersion: z.number(), signatureAlgorithm: z.string(), serialNumber: z.string() }),
});
export type CertInfo = z.infer<typeof certInfo>;

/** The commands' body {action} (002 §7.4): the spec shows no values, any short text is taken. */
export const certActionBody = strictObject({ action: z.string().max(32) });
