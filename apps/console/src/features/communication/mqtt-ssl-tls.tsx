/**
 * Settings › Communication › MQTT › SSL/TLS (002 §3.9, §5.8, §7.3, §8.1): the SSL switch and the
 * CA, client certificate and key uploads with each file's status. Only .crt/.cer (CA, certificate)
 * and .key files are taken; with SSL on, the module refuses a save while a file is missing.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { MQTT_FILES, MQTT_FILE_KINDS, mqttTexts as t, type MqttFileKind } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, upload } from '../../lib/api.ts';
import { useIsAdmin } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { MqttTab, f, type MqttTabDef } from './mqtt-shared.tsx';

const UPLOADS: Record<MqttFileKind, { path: string; done: string; failed: (reply: string) => string }> = {
  mqttCA: { path: calls.uploadMqttCA.path, done: t.caUploaded, failed: t.caUploadFailed },
  mqttCert: { path: calls.uploadMqttCert.path, done: t.certUploaded, failed: t.certUploadFailed },
  mqttKey: { path: calls.uploadMqttKey.path, done: t.keyUploaded, failed: t.keyUploadFailed },
};

function FileRow({ kind, exists, admin }: { kind: MqttFileKind; exists: boolean | undefined; admin: boolean }) {
  const def = MQTT_FILES[kind];
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const id = `mqtt-file-${kind}`;

  const send = async () => {
    if (!file) return;
    const extensions: readonly string[] = def.extensions;
    if (!extensions.some((e) => file.name.toLowerCase().endsWith(e))) {
      showAlert({ type: 'danger', message: UPLOADS[kind].failed(t.wrongExtension(def.extensions.join(' or '))) });
      return;
    }
    setProgress(0);
    try {
      await upload(UPLOADS[kind].path, file, { suppress: true, onProgress: setProgress });
      showAlert({ type: 'success', message: UPLOADS[kind].done });
      setFile(null);
    } catch (e) {
      showAlert({ type: 'danger', message: UPLOADS[kind].failed(e instanceof ApiError && e.value ? e.value : String(e)) });
    } finally {
      setProgress(null);
      await client.invalidateQueries({ queryKey: ['mqttFileStat'] });
    }
  };

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="d-flex flex-wrap gap-2 align-items-center">
        {def.label}
        <Badge bg={exists ? 'success' : 'secondary'} data-testid={`${id}-status`}>
          {exists === undefined ? t.checking : exists ? t.fileExists : t.fileMissing}
        </Badge>
      </Form.Label>
      {admin && (
        <div className="d-flex flex-wrap gap-2">
          <Form.Control
            type="file"
            accept={def.extensions.join(',')}
            className="flex-grow-1 w-auto"
            style={{ minWidth: 0, maxWidth: '100%' }}
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          <Button variant="outline-primary" disabled={!file || progress !== null} onClick={() => void send()}>
            Upload
          </Button>
        </div>
      )}
      <Form.Text>{def.extensions.join(', ')}</Form.Text>
      {progress !== null && <ProgressBar now={progress} label={`${progress}%`} className="mt-2" />}
    </Form.Group>
  );
}

function MqttFilesCard({ admin }: { admin: boolean }) {
  const stat = useQuery(endpointQuery('mqttFileStat'));
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6">
        Certificate Files
      </Card.Header>
      <Card.Body>
        {MQTT_FILE_KINDS.map((kind) => (
          <FileRow key={kind} kind={kind} admin={admin} exists={stat.data?.[MQTT_FILES[kind].stat]} />
        ))}
      </Card.Body>
    </Card>
  );
}

const tab = (): MqttTabDef => ({
  title: 'SSL/TLS',
  savedMessage: t.sslSaved,
  blocks: [{ kind: 'card', title: 'SSL/TLS', fields: [f('mqttSSLConfig', 'enableSSL')] }],
});

export default function MqttSslTls() {
  const admin = useIsAdmin();
  return (
    <MqttTab tab={tab}>
      <MqttFilesCard admin={admin} />
    </MqttTab>
  );
}
