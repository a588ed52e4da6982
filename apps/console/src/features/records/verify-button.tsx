/**
 * Verify → Confirm (000 §4): pressing Verify reads the live values at once and every 3 s and the
 * button becomes Confirm; pressing Confirm stops. Disabled (the row accepted) stops the polling
 * and shows Verify again. A failed first read says 'Failed to verify', a failed poll 'Failed to confirm'.
 */
import { VERIFY_POLL_MS, recordTexts as t } from '@meter/contract';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { showAlert } from '../../lib/alerts.ts';

export function VerifyButton({ read, disabled, label }: { read: () => Promise<void>; disabled: boolean; label: string }) {
  const [polling, setPolling] = useState(false);
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    if (!polling || disabled) return;
    const timer = setInterval(() => {
      latest.current().catch(() => showAlert({ type: 'danger', message: t.confirmFailed }));
    }, VERIFY_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, disabled]);
  const active = polling && !disabled;
  const press = async () => {
    if (active) {
      setPolling(false);
      return;
    }
    try {
      await latest.current();
      setPolling(true);
    } catch {
      showAlert({ type: 'danger', message: t.verifyFailed });
    }
  };
  return (
    <Button size="sm" variant={active ? 'info' : 'primary'} disabled={disabled} onClick={() => void press()} aria-label={`${active ? t.confirm : t.verify} ${label}`}>
      {active ? t.confirm : t.verify}
    </Button>
  );
}
