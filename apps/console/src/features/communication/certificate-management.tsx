/**
 * Settings › Communication › Certificate Management (002 §2.9, §3.11, §7.4, §8): issuer, subject,
 * validity and details of the certificate the module serves; Import, Generate New Self-Signed
 * Certificate, Generate CSR and Export with write permission only. A new certificate is served
 * after the next reboot, so Generate and Import end with the reboot prompt.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { certificateTexts as t, type CertInfo } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { KeyValueTable } from '../../components/key-value-table.tsx';
import { Loading } from '../../components/loading.tsx';
import { openRebootModal } from '../../components/reboot-modal.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint, download, upload } from '../../lib/api.ts';
import { useHomePageInfo } from '../../lib/device.ts';
import { formatIsoTime } from '../../lib/device-time.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const L = t.labels;
const nameRows = (n: CertInfo['certificateSubject']) => [
  { label: L.commonName, value: n.commonName },
  { label: L.companyName, value: n.companyName },
  { label: L.city, value: n.city },
  { label: L.state, value: n.state },
  { label: L.countryCode, value: n.countryCode },
];

export default function CertificateManagement() {
  const info = useQuery(endpointQuery('getCertInfo'));
  const zone = useHomePageInfo().data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const canWrite = useCanWriteHere();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  if (info.isPending) return <Loading />;
  const c = info.data;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const failure = (e: unknown) => showAlert({ type: 'danger', message: e instanceof ApiError ? (e.value ?? String(e.status)) : String(e) });

  const generate = () =>
    act(async () => {
      try {
        await callEndpoint(calls.generateCert, { body: { action: 'generate' }, suppress: true });
        showAlert({ type: 'success', message: t.generated });
        openRebootModal();
      } catch (e) {
        failure(e);
      }
    });
  const fetchFile = (name: 'generateCSR' | 'exportCert') =>
    act(async () => {
      try {
        const { value } = await callEndpoint(calls[name], { body: { action: name === 'exportCert' ? 'export' : 'csr' }, suppress: true });
        await download(value, { failureMessage: t.fileNotFound });
      } catch {
        showAlert({ type: 'danger', message: t.fileNotFound });
      }
    });
  const importFile = (file: File | undefined) =>
    file &&
    act(async () => {
      try {
        await upload(calls.uploadHttpsCert.path, file, { suppress: true });
        showAlert({ type: 'success', message: t.uploaded });
        openRebootModal();
      } catch (e) {
        failure(e);
      } finally {
        if (fileInput.current) fileInput.current.value = '';
      }
    });

  return (
    <section>
      <ScreenTitle className="h5">{t.title}</ScreenTitle>
      {c && (
        <div className="row">
          <div className="col-12 col-lg-6">
            <KeyValueTable title={t.issuer} rows={nameRows(c.certificateIssuer)} />
          </div>
          <div className="col-12 col-lg-6">
            <KeyValueTable title={t.subject} rows={nameRows(c.certificateSubject)} />
          </div>
          <div className="col-12 col-lg-6">
            <KeyValueTable
              title={t.validity}
              rows={[
                { label: L.validateFrom, value: formatIsoTime(c.validity.validateFrom, zone) },
                { label: L.expiration, value: formatIsoTime(c.validity.expiration, zone) },
              ]}
            />
          </div>
          <div className="col-12 col-lg-6">
            <KeyValueTable
              title={t.details}
              rows={[
                { label: L.publicKeySize, value: String(c.details.publicKeySize) },
                { label: L.publicKeyType, value: c.details.publicKeyType },
                { label: L.certificateVersion, value: String(c.details.certificateVersion) },
                { label: L.signatureAlgorithm, value: c.details.signatureAlgorithm },
                { label: L.serialNumber, value: c.details.serialNumber },
              ]}
            />
          </div>
        </div>
      )}
      {canWrite && (
        <div className="d-flex flex-wrap gap-2 mb-4">
          <Form.Control
            ref={fileInput}
            type="file"
            accept=".pem,.crt,.cer,.key"
            className="d-none"
            aria-label={t.importCert}
            onChange={(e) => void importFile((e.target as HTMLInputElement).files?.[0])}
          />
          <Button variant="outline-secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
            {t.importCert}
          </Button>
          <Button disabled={busy} onClick={() => void generate()}>
            {t.generate}
          </Button>
          <Button variant="outline-secondary" disabled={busy} onClick={() => void fetchFile('generateCSR')}>
            {t.generateCsr}
          </Button>
          <Button variant="outline-secondary" disabled={busy} onClick={() => void fetchFile('exportCert')}>
            {t.exportCert}
          </Button>
        </div>
      )}
    </section>
  );
}
