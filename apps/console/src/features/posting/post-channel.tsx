/**
 * Settings › Communication › Post Channel 1/2/3 (002 §2.5, §3.6, §4.2, §5.5, §8.1): enable,
 * method and the fields of that method, Test with its result text, Clear Logs after a
 * confirmation, and the channel's health. A channel a data log posts through cannot be disabled;
 * its hint names the logs.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { fieldName, HTTP_AUTH_BASIC, FTP_DIRECTORY, POST_CHANNEL_IDS, postingTexts as t, shellTexts, dataPostSection } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ChannelHealth } from '../../components/channel-health.tsx';
import { PageNotFound } from '../../components/page-not-found.tsx';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { usePosterTest } from '../../lib/use-poster-test.ts';
import { TestResult } from '../../components/test-result.tsx';

const HTTP = ['includeHeader', 'sampleHeader', 'isFixed', 'manualInputName', 'HTTPAddress', 'HTTPPort', 'HTTPMeterId', 'HTTPAuthenticationMethod', 'username', 'password'];
const FTP = ['FTPAddress', 'FTPPort', 'FTPUsername', 'FTPPassword', 'directoryOption', 'directoryName'];
const SFTP = ['SFTPAddress', 'SFTPPort', 'SFTPUsername', 'SFTPPassword'];

function channelScreen(n: number, usedBy: readonly number[]) {
  const key = `dataPost${n}`;
  const f = (name: string) => fieldName(key, 'postChannelInfo', name);
  const ch = (v: SectionValues) => (v[key] ?? {}) as { enable?: boolean; postMethod?: string; postChannelInfo?: Record<string, unknown> };
  const on = (method: string) => (v: SectionValues) => ch(v).enable === true && ch(v).postMethod === method;
  const info = (v: SectionValues) => ch(v).postChannelInfo ?? {};
  return defineSectionScreen({
    endpoint: 'dataPostConfig',
    section: dataPostSection,
    title: `Post Channel ${n}`,
    formLabel: `Post Channel ${n} settings`,
    blocks: [
      { kind: 'card', title: `Post Channel ${n}`, fields: [fieldName(key, 'enable'), fieldName(key, 'postMethod')] },
      { kind: 'card', title: 'HTTP', fields: HTTP.map(f), visibleWhen: on('HTTP') },
      { kind: 'card', title: 'FTP', fields: FTP.map(f), visibleWhen: on('FTP') },
      { kind: 'card', title: 'SFTP', fields: SFTP.map(f), visibleWhen: on('SFTP') },
    ],
    fields: {
      [fieldName(key, 'enable')]: {
        // Switching a used channel back on stays possible; off is refused while a log uses it.
        disabledWhen: (v) => usedBy.length > 0 && ch(v).enable === true,
        help: () => (usedBy.length > 0 ? t.usedBy(t.logList(usedBy)) : undefined),
      },
      [fieldName(key, 'postMethod')]: { visibleWhen: (v) => ch(v).enable === true },
      [f('manualInputName')]: { visibleWhen: (v) => info(v).isFixed === true },
      [f('username')]: { visibleWhen: (v) => Number(info(v).HTTPAuthenticationMethod) === HTTP_AUTH_BASIC },
      [f('password')]: { visibleWhen: (v) => Number(info(v).HTTPAuthenticationMethod) === HTTP_AUTH_BASIC },
      [f('directoryName')]: { visibleWhen: (v) => Number(info(v).directoryOption) === FTP_DIRECTORY.custom },
    },
    invalidates: ['postChannelStatus'],
  });
}

export default function PostChannel() {
  const n = Number(useLocation().pathname.split('/').filter(Boolean).pop());
  if (!(POST_CHANNEL_IDS as readonly number[]).includes(n)) return <PageNotFound />;
  return <PostChannelView key={n} n={n} />;
}

function PostChannelView({ n }: { n: number }) {
  const client = useQueryClient();
  const canWrite = useCanWriteHere();
  const status = useQuery({
    queryKey: ['postChannelStatus', n],
    queryFn: ({ signal }) => callEndpoint(calls.postChannelStatus, { query: { channel: n }, signal }),
    refetchInterval: 10_000,
  });
  const usedBy = status.data?.usedBy;
  const usedKey = usedBy?.join(',') ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the list of logs changes, not on every poll
  const def = useMemo(() => channelScreen(n, usedBy ?? []), [n, usedKey]);
  const { result, setResult, testing, test } = usePosterTest(n, ['postChannelStatus', n]);

  const clear = () =>
    confirmAction({
      title: shellTexts.confirmation,
      body: t.clearConfirm,
      run: async () => (await callEndpoint(calls.clearFolder, { body: { channel: n }, suppress: true })).value === 'Success',
      onSuccess: () => {
        setResult(undefined);
        showAlert({ type: 'success', message: t.cleared });
        void client.invalidateQueries({ queryKey: ['postChannelStatus', n] });
      },
      onFailure: () => setResult(t.clearFailed),
    });

  if (!status.data) return null;
  return (
    <SectionScreen def={def}>
      {canWrite && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button variant="primary" disabled={testing} onClick={() => void test()}>
            {testing ? `${t.test}…` : t.test}
          </Button>
          <Button variant="outline-danger" onClick={clear}>
            {t.clearLogs}
          </Button>
        </div>
      )}
      <TestResult label={t.testResult} result={result} className="mb-3" />
      <ChannelHealth title={t.health} texts={t} status={status.data} />
    </SectionScreen>
  );
}
