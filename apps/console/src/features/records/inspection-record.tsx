/** About › Inspection Record (000 §2): the read-only record, New Inspection Report for writers, the PDF. */
import { inspectionDocument, recordTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { RecordScreen } from './record-screen.tsx';
import { useInspectionRecord } from './use-records.ts';

export default function InspectionRecord() {
  const record = useInspectionRecord();
  return (
    <RecordScreen
      document={record.data && inspectionDocument(record.data)}
      loading={record.isPending}
      newLabel={t.newInspection}
      editPath="/about/inspection_record/new"
      downloadLabel={t.downloadInspection}
      pdfPath={calls.inspectionRecordPdf.path}
      pdfName="Inspection Record.pdf"
    />
  );
}
