/**
 * System Settings › User Management › API Token Management (002 §2.20, §7.9, §8.2, §8.3): one row
 * with the live token, and Reset API Token with write permission. The reset succeeds only when
 * the reply's value is 'Success'; the token is then read again.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { userManagementTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { KeyValueTable } from '../../components/key-value-table.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { isResetSuccess } from './user-tables.ts';

const TITLE = 'API Token Management';

export default function ApiTokenManagement() {
  const token = useQuery(endpointQuery('apiToken'));
  const client = useQueryClient();
  const canWrite = useCanWriteHere();
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    const ok = await callEndpoint(calls.regenerateApiToken, { body: { value: 1 }, suppress: true }).then(isResetSuccess, () => false);
    setBusy(false);
    showAlert(ok ? { type: 'success', message: t.tokenReset } : { type: 'danger', message: t.tokenResetFailed });
    if (ok) await client.invalidateQueries({ queryKey: ['apiToken'] });
  };

  return (
    <section>
      <KeyValueTable title={TITLE} rows={token.data ? [{ label: 'API Token', value: token.data.value, copy: true }] : undefined} loading={token.isPending} />
      {canWrite && (
        <Button onClick={() => void reset()} disabled={busy}>
          {t.resetApiToken}
        </Button>
      )}
    </section>
  );
}
