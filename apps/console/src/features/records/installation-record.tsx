/** About › Installation Record (000 §2): the read-only record, New Installation Report for writers, the PDF. */
import { endpoints, installationDocument, recordTexts as t } from '@meter/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { download } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { RecordBlocks } from './record-blocks.tsx';
import { useInstallationRecord } from './use-records.ts';

export const INSTALLATION_EDIT_PATH = '/about/installation_record/new';

export default function InstallationRecord() {
  const record = useInstallationRecord();
  const canWrite = useCanWriteHere();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const pdf = async () => {
    setDownloading(true);
    try {
      await download(endpoints.installationRecordPdf.path, { fileName: 'Installation Record.pdf' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {canWrite && <Button onClick={() => void navigate(INSTALLATION_EDIT_PATH)}>{t.newInstallation}</Button>}
        <Button variant="secondary" onClick={() => void pdf()} disabled={downloading}>
          {downloading && <Spinner animation="border" size="sm" className="me-1" aria-hidden />}
          {t.downloadInstallation}
        </Button>
      </div>
      <RecordBlocks blocks={record.data ? installationDocument(record.data).blocks : undefined} loading={record.isPending} />
    </>
  );
}
