import { branding } from './branding.ts';

export function Footer() {
  return (
    <footer className="border-top bg-body-tertiary small text-muted px-3 py-2 d-flex flex-wrap gap-3 justify-content-between">
      <span>{branding.productBlurb}</span>
      <span>
        Support: <a href={`tel:${branding.supportPhone.replace(/\s+/g, '')}`}>{branding.supportPhone}</a>
        {' · '}
        <a href={`mailto:${branding.supportEmail}`}>{branding.supportEmail}</a>
        {' · '}
        <a href={branding.providerUrl} target="_blank" rel="noreferrer">
          {branding.providerName}
        </a>
      </span>
    </footer>
  );
}
