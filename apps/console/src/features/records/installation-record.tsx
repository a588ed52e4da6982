/** About › Installation Record (000 §2): the read-only record, New Installation Report for writers, the PDF. */
import { installationDocument, recordTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { RecordScreen } from './record-screen.tsx';
import { useInstallationRecord } from './use-records.ts';

export default function InstallationRecord() {
  const record = useInstallationRecord();
  return (
    <RecordScreen
      document={record.data && installationDocument(record.data)}
      loading={record.isPending}
      newLabel={t.newInstallation}
      editPath="/about/installation_record/new"
      downloadLabel={t.downloadInstallation}
      pdfPath={calls.installationRecordPdf.path}
      pdfName="Installation Record.pdf"
    />
  );
}
