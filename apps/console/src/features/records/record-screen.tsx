/** The read-only record screens' shell: New … Report for writers, the PDF download, the blocks. */
import { type RecordDocument } from '@meter/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { download } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { RecordBlocks } from './record-blocks.tsx';

export interface RecordScreenProps {
  document: RecordDocument | undefined;
  loading: boolean;
  newLabel: string;
  editPath: string;
  downloadLabel: string;
  pdfPath: string;
  pdfName: string;
}

export function RecordScreen({ document, loading, newLabel, editPath, downloadLabel, pdfPath, pdfName }: RecordScreenProps) {
  const canWrite = useCanWriteHere();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const pdf = async () => {
    setDownloading(true);
    try {
      await download(pdfPath, { fileName: pdfName });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {canWrite && <Button onClick={() => void navigate(editPath)}>{newLabel}</Button>}
        <Button variant="secondary" onClick={() => void pdf()} disabled={downloading}>
          {downloading && <Spinner animation="border" size="sm" className="me-1" aria-hidden />}
          {downloadLabel}
        </Button>
      </div>
      <RecordBlocks blocks={document?.blocks} loading={loading} />
    </>
  );
}
