/**
 * Settings › Communication › Email (001 "Communication, Email", "SMTP config", §5, §8): the SMTP
 * enable radio; when enabled the Server, User, Recipient, Periodic Email Reporting and Real-Time
 * Email Reporting cards. The Recipient card tests each recipient with the saved settings and
 * shows the module's answer as the Test Result. Saved with 'Email config saved', then the reboot
 * prompt. Below, the channel's health: last success, last failure with its reason, mails waiting.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { EMAIL_RECIPIENT_IDS, emailDeliveryTexts, emailTexts as t, smtpSection } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ChannelHealth } from '../../components/channel-health.tsx';
import { defineSectionScreen, type SectionFormControls, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { TestResult } from '../../components/test-result.tsx';

const STATUS_KEY = ['emailStatus'];
const on = (v: SectionValues) => v.enable === 1;
const authOn = (v: SectionValues) => v.isAuthOn === 1;

function RecipientTests({ readOnly }: SectionFormControls) {
  const [busy, setBusy] = useState<number>();
  const [result, setResult] = useState<string>();
  const client = useQueryClient();
  if (readOnly) return null;
  const test = async (n: number) => {
    setBusy(n);
    setResult(undefined);
    try {
      setResult((await callEndpoint(calls.testEmail, { body: { channel: n } })).value);
    } catch {
      // The request helper has shown the failure.
    } finally {
      setBusy(undefined);
      void client.invalidateQueries({ queryKey: STATUS_KEY });
    }
  };
  return (
    <div className="mt-2">
      <p className="form-text mb-2">{t.testHint}</p>
      <div className="d-flex flex-wrap gap-2">
        {EMAIL_RECIPIENT_IDS.map((n) => (
          <Button key={n} type="button" variant="outline-primary" disabled={busy !== undefined} onClick={() => void test(n)}>
            {busy === n ? `${t.test}…` : `${t.test} ${t.labels.smtpToAddress(n)}`}
          </Button>
        ))}
      </div>
      <TestResult label={t.testResult} result={result} />
    </div>
  );
}

export const EMAIL_SCREEN = defineSectionScreen({
  endpoint: 'smtpConfig',
  section: smtpSection,
  title: t.title,
  blocks: [
    { kind: 'stack', fields: ['enable'] },
    { kind: 'card', title: t.cards.server, fields: ['smtpServer', 'smtpPort', 'isTLSSSLOn', 'smtpFrom', 'smtpSubject'], visibleWhen: on },
    { kind: 'card', title: t.cards.user, fields: ['isAuthOn', 'smtpUserName', 'smtpPassword'], visibleWhen: on },
    {
      kind: 'card',
      title: t.cards.recipient,
      fields: ['smtpToAddress1', 'smtpToAddress2', 'smtpToAddress3'],
      visibleWhen: on,
      footer: (form) => <RecipientTests {...form} />,
    },
    {
      kind: 'card',
      title: t.cards.periodic,
      fields: ['sendStartTime', 'smtpSendingInterval', 'realTimeSending', 'energySending', 'alarmSending', 'demandSending', 'sysEventSending', 'diSending'],
      visibleWhen: on,
    },
    { kind: 'card', title: t.cards.realTime, fields: ['alarmTriggered', 'sysEventTriggered'], visibleWhen: on },
  ],
  fields: {
    smtpUserName: { visibleWhen: authOn },
    smtpPassword: { visibleWhen: authOn },
  },
  invalidates: ['emailStatus'],
});

export default function Email() {
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => callEndpoint(calls.emailStatus, { signal }), refetchInterval: 10_000 });
  return <SectionScreen def={EMAIL_SCREEN}>{status.data && <ChannelHealth title={emailDeliveryTexts.health} texts={emailDeliveryTexts} status={status.data} />}</SectionScreen>;
}
