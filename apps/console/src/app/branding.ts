/** The one place for the provider's details shown in the footer (000 §1). Replace per deployment. */
export const branding = {
  productName: 'Meter Console',
  productBlurb: 'Administration console of the networked multi-circuit power and energy meter.',
  supportPhone: '+1 800 555 0100',
  supportEmail: 'support@example.com',
  providerName: 'Provider website',
  providerUrl: 'https://www.example.com',
} as const;
