/**
 * The MQTT connection status (002 §4.4, §8.1): Checking (orange) while the module is asked,
 * then Connected (green) or Disconnected (red; also when the check fails); checked on load and
 * on Refresh. Test MQTT (admin only, 002 §6) publishes one message and reports the outcome.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { mqttTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { endpointQuery } from '../../lib/query.ts';

const BADGE = { [t.connected]: 'success', [t.disconnected]: 'danger', [t.checking]: 'warning' } as const;

export function MqttStatus({ admin }: { admin: boolean }) {
  const status = useQuery({ ...endpointQuery('mqttStatus', { suppress: true }), retry: false, gcTime: 0 });
  const [testing, setTesting] = useState(false);
  const shown = status.isFetching ? t.checking : status.data?.value === t.connected ? t.connected : t.disconnected;

  const test = async () => {
    setTesting(true);
    try {
      const reply = await callEndpoint(calls.testMqtt, { body: { value: 1 }, suppress: true });
      showAlert({ type: 'success', message: reply.value });
    } catch (e) {
      showAlert({ type: 'danger', message: e instanceof ApiError && e.value ? e.value : t.testFailed(t.disconnected) });
    } finally {
      setTesting(false);
      void status.refetch();
    }
  };

  return (
    <Card className="mb-3">
      <Card.Body className="d-flex flex-wrap align-items-center gap-2">
        <span>{t.status}:</span>
        <Badge bg={BADGE[shown]} data-testid="mqtt-status">
          {shown}
        </Badge>
        <Button size="sm" variant="outline-secondary" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {t.refresh}
        </Button>
        {admin && (
          <Button size="sm" onClick={() => void test()} disabled={testing}>
            {t.test}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
