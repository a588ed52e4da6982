/**
 * Settings › Communication › AcuCloud (001 "Communication, AcuCloud", §4, §5, §7, §8): Enable /
 * Disable; when enabled the read-only module serial number with Copy, the token, a link to the
 * cloud site, Test (its Test Result) and Clear Post Logs after a confirmation; the address only
 * with `?showAdvanced=true`, locked until Edit, then Confirm or Reset (the default). Below, the
 * uplink's health (decided).
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { ACUCLOUD_CHANNEL, ACUCLOUD_DEFAULT_ADDRESS, acuCloudSite, acuCloudTexts as t, postingTexts, shellTexts, acuCloudSection } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ChannelHealth } from '../../components/channel-health.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { defineSectionScreen, type SectionFormControls } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { usePosterTest } from '../../lib/use-poster-test.ts';
import { TestResult } from '../../components/test-result.tsx';

const STATUS_KEY = ['acuCloudStatus'];

export default function AcuCloud() {
  const advanced = useSearchParams()[0].get('showAdvanced') === 'true';
  const [editing, setEditing] = useState(false);
  const client = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => callEndpoint(calls.acuCloudStatus, { signal }), refetchInterval: 10_000 });
  const { result, testing, test } = usePosterTest(ACUCLOUD_CHANNEL, STATUS_KEY);

  const clear = () =>
    confirmAction({
      title: shellTexts.confirmation,
      body: t.clearConfirm,
      run: async () => (await callEndpoint(calls.clearFolder, { body: { channel: ACUCLOUD_CHANNEL }, suppress: true })).value === 'Success',
      onSuccess: () => {
        showAlert({ type: 'success', message: t.cleared });
        void client.invalidateQueries({ queryKey: STATUS_KEY });
      },
      onFailure: () => showAlert({ type: 'danger', message: t.clearFailed }),
    });

  const extras = ({ values, readOnly, setInput }: SectionFormControls) => {
    if (values.enable !== true) return null;
    const site = acuCloudSite(String(values.acuCloudAddress ?? ''));
    return (
      <div className="mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <CopyButton value={String(values.moduleSerialNumber ?? '')} label={t.copy} copiedLabel={t.copied} name={t.labels.moduleSerialNumber} />
          {site && (
            <a href={site} target="_blank" rel="noreferrer">
              {t.cloudLink}
            </a>
          )}
        </div>
        {advanced && !readOnly && (
          <div className="d-flex flex-wrap gap-2 mb-3">
            {!editing && (
              <Button type="button" variant="outline-primary" size="sm" onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
            )}
            {editing && (
              <Button type="button" variant="outline-primary" size="sm" onClick={() => setEditing(false)}>
                {t.confirm}
              </Button>
            )}
            <Button
              type="button"
              variant="outline-secondary"
              size="sm"
              onClick={() => {
                setInput('acuCloudAddress', ACUCLOUD_DEFAULT_ADDRESS);
                setEditing(false);
              }}
            >
              {t.reset}
            </Button>
          </div>
        )}
        {!readOnly && (
          <div className="d-flex flex-wrap gap-2">
            <Button type="button" variant="primary" disabled={testing} onClick={() => void test()}>
              {testing ? `${t.test}…` : t.test}
            </Button>
            <Button type="button" variant="outline-danger" onClick={clear}>
              {t.clearPostLogs}
            </Button>
          </div>
        )}
        <TestResult label={t.testResult} result={result} />
      </div>
    );
  };

  const def = useMemo(
    () =>
      defineSectionScreen({
        endpoint: 'acuCloudConfig',
        section: acuCloudSection,
        title: t.title,
        blocks: [{ kind: 'card', title: t.title, fields: ['enable', 'moduleSerialNumber', 'acuCloudAddress', 'acuCloudToken'] }],
        fields: {
          moduleSerialNumber: { visibleWhen: (v) => v.enable === true, disabledWhen: () => true },
          acuCloudToken: { visibleWhen: (v) => v.enable === true },
          acuCloudAddress: { visibleWhen: (v) => advanced && v.enable === true, disabledWhen: () => !editing },
        },
        invalidates: ['acuCloudStatus'],
        extras,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- extras reads the latest state through this render's closure
    [advanced, editing, testing, result],
  );

  return <SectionScreen def={def}>{status.data && <ChannelHealth title={t.health} texts={postingTexts} status={status.data} />}</SectionScreen>;
}
