/**
 * Settings › Communication › Remote Access (002 §2.6, §4.3, §7.3, §8.1, §9.2): Enable, the ping
 * interval (60 or 600 seconds), the registration status (online green, offline red, checking
 * orange), the access URL with Copy, Refresh, and Register or Deregister; after either, "Please
 * reboot meter to ensure connection". The server URL only with `?showAdvanced=true`, and the
 * tunnel's state in words beside the status, with ssh's reason while it is down (decided).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { remoteAccessTexts as t, type RemoteStatus, remoteAccessSection } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';

const STATUS_KEY = ['checkRemoteDevice'];
const BADGE: Record<RemoteStatus, { bg: string; text?: 'dark' }> = { online: { bg: 'success' }, offline: { bg: 'danger' }, checking: { bg: 'warning', text: 'dark' } };

const screen = (advanced: boolean) =>
  defineSectionScreen({
    endpoint: 'remoteDeviceAccess',
    section: remoteAccessSection,
    title: t.title,
    blocks: [{ kind: 'card', title: t.title, fields: ['enable', 'pingInterval', 'remoteServerUrl'] }],
    fields: {
      pingInterval: { visibleWhen: (v) => v.enable === true },
      remoteServerUrl: { visibleWhen: () => advanced },
    },
    invalidates: ['checkRemoteDevice'],
  });

export default function RemoteAccess() {
  const advanced = useSearchParams()[0].get('showAdvanced') === 'true';
  const canWrite = useCanWriteHere();
  const client = useQueryClient();
  // The form starts afresh after register / deregister: the module's document (registered) changed.
  const [formKey, setFormKey] = useState(0);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => callEndpoint(calls.checkRemoteDevice, { signal }) });
  const value: RemoteStatus = status.isFetching ? 'checking' : (status.data?.value ?? 'checking');
  const registered = status.data?.registered === true;
  const tunnel = status.data?.tunnel;

  const act = async (register: boolean) => {
    setBusy(true);
    try {
      const reply = register ? await callEndpoint(calls.registerRemoteDevice, { body: { value: 1 } }) : await callEndpoint(calls.deregisterRemoteDevice, { body: {} });
      const ok = reply.value === 'Success';
      // 002 §8.1: both outcomes are shown with the success style.
      showAlert({ type: 'success', message: register ? (ok ? t.registered : t.registerFailed) : ok ? t.deregistered : t.deregisterFailed });
      if (ok) setChanged(true);
    } catch {
      // The request helper has shown the failure.
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: ['remoteDeviceAccess'] });
      setFormKey((k) => k + 1);
      void status.refetch();
    }
  };

  return (
    <>
      <SectionScreen key={formKey} def={screen(advanced)} />
      <Card className="mb-3">
        <Card.Header as="h3" className="h6">
          {t.status}
        </Card.Header>
        <Card.Body>
          <p className="mb-2">
            <Badge bg={BADGE[value].bg} text={BADGE[value].text} data-testid="remote-status">
              {t.statusText[value]}
            </Badge>{' '}
            <span className="text-body-secondary">{registered ? t.registeredYes : t.registeredNo}</span>
          </p>
          {tunnel && (
            <p className="mb-2 text-break" data-testid="remote-tunnel">
              <span className="fw-semibold">{t.tunnel}:</span> {t.tunnelText[tunnel.state]}
              {tunnel.reason && tunnel.state !== 'off' ? ` (${tunnel.reason})` : ''}
            </p>
          )}
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <span className="fw-semibold">{t.accessUrl}:</span>
            <code className="text-break" data-testid="access-url">
              {status.data?.accessUrl ?? ''}
            </code>
            <CopyButton value={status.data?.accessUrl ?? ''} label={t.copy} copiedLabel={t.copied} name={t.accessUrl} />
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Button type="button" variant="outline-primary" disabled={status.isFetching} onClick={() => void status.refetch()}>
              {t.refresh}
            </Button>
            {canWrite &&
              (registered ? (
                <Button type="button" variant="outline-danger" disabled={busy} onClick={() => void act(false)}>
                  {t.deregister}
                </Button>
              ) : (
                <Button type="button" variant="primary" disabled={busy} onClick={() => void act(true)}>
                  {t.register}
                </Button>
              ))}
          </div>
          {changed && (
            <p role="status" className="mt-3 mb-0 fw-semibold">
              {t.rebootHint}
            </p>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
