/**
 * Settings › Network Diagnostic › Host Lookup (002 §2.14, §5.10): a domain or IP and the
 * nslookup, ping and traceroute checkboxes, Lookup, and the tools' output as it comes.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { hostLookupCommand, networkDiagnosticTexts as t, type HostLookupCommand } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { callEndpoint } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { useDiagnose } from './use-diagnose.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const OPTIONS = ['nslookup', 'ping', 'traceroute'] as const;

export default function HostLookup() {
  const canWrite = useCanWriteHere();
  const [command, setCommand] = useState<HostLookupCommand>({ domain: '', nslookup: true, ping: false, traceroute: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data, running, start } = useDiagnose('hostLookupOutput');

  const lookup = () => {
    const parsed = hostLookupCommand.safeParse(command);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    void start(() => callEndpoint(calls.hostLookupCmd, { body: { command: parsed.data }, suppress: true }));
  };

  return (
    <section>
      <ScreenTitle className="h4">{t.hostLookup}</ScreenTitle>
      <Form
        noValidate
        aria-label={t.hostLookup}
        onSubmit={(e) => {
          e.preventDefault();
          lookup();
        }}
      >
        <Form.Group className="mb-2" controlId="lookup-domain" style={{ maxWidth: 480 }}>
          <Form.Label>{t.domain}</Form.Label>
          <Form.Control value={command.domain} isInvalid={!!errors.domain} disabled={!canWrite} onChange={(e) => setCommand({ ...command, domain: e.target.value })} />
          <Form.Control.Feedback type="invalid">{errors.domain}</Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex flex-wrap gap-3 mb-1">
          {OPTIONS.map((o) => (
            <Form.Check key={o} id={`lookup-${o}`} label={o} checked={command[o]} disabled={!canWrite} onChange={(e) => setCommand({ ...command, [o]: e.target.checked })} />
          ))}
        </div>
        {errors.nslookup && <div className="text-danger small mb-2">{errors.nslookup}</div>}
        {canWrite && (
          <Button type="submit" className="mt-2" disabled={running}>
            {t.lookup}
          </Button>
        )}
      </Form>
      <pre role="log" className="mt-3 p-2 bg-body-tertiary border small" style={{ whiteSpace: 'pre-wrap', minHeight: '8rem' }} aria-label="Output" aria-busy={running}>
        {data?.output}
      </pre>
    </section>
  );
}
