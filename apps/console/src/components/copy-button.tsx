/** A Copy button for a read-only value (serial numbers, MAC addresses, versions, the API token, the remote access URL). */
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';

/** The clipboard API needs a secure context; a module reached over plain HTTP falls back to a selection copy. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions): the selection copy below may still work.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export function CopyButton({ value, label, copiedLabel, name }: { value: string; label: string; copiedLabel: string; /** What is copied, for the accessible name. */ name: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <>
      <Button
        type="button"
        variant="outline-secondary"
        size="sm"
        className="copy-button"
        aria-label={`${label} ${name}`}
        disabled={!value}
        onClick={() => void copyText(value).then(setCopied)}
      >
        {copied ? copiedLabel : label}
      </Button>
      {/* The button keeps its name while its text says Copied: a screen reader hears the outcome here. */}
      <span className="visually-hidden" role="status">
        {copied ? `${name}: ${copiedLabel}` : ''}
      </span>
    </>
  );
}
