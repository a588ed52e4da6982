/**
 * The device clock card of Date & Time (001 §2, §4): the clock ticking from command/getTime, the
 * last NTP update, a calendar to set the time and Sync. Sync asks the NTP servers when NTP is on
 * (command/syncTime) and otherwise sets the device to this computer's time (setMeterTime). A reply
 * that the time changed ends the session: the success alert, then Login.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { dateTimeTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { SettingsCard } from '../../components/section/section-form.tsx';
import { clearFailureAlerts, showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { deviceNow, formatDeviceTime, unixToZoned, zonedToUnix } from '../../lib/device-time.ts';
import { LOGIN_PATH } from '../../lib/navigation.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { clearSession } from '../../lib/session.ts';

export function DeviceClockCard() {
  const time = useQuery({ ...endpointQuery('getTime'), refetchInterval: 60_000 });
  const ntp = useQuery(endpointQuery('ntpConfig'));
  const client = useQueryClient();
  const navigate = useNavigate();
  const canWrite = useCanWriteHere();
  const [tick, setTick] = useState(() => Date.now());
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const zone = time.data?.timeZone ?? 'UTC';
  const now = time.data ? deviceNow(time.data.currentTime, time.dataUpdatedAt, tick) : undefined;
  const last = ntp.data?.lastUpdateTimestamp;

  const after = async (value: string) => {
    if (value === t.timeChanged) {
      // A poll answered 401 before this reply may have said "Unauthorized" and left for Login.
      clearFailureAlerts();
      showAlert({ type: 'success', message: t.timeChanged });
      clearSession();
      void navigate(LOGIN_PATH, { replace: true });
      return;
    }
    showAlert({ type: 'success', message: t.synced });
    await client.invalidateQueries({ queryKey: ['getTime'] });
    await client.invalidateQueries({ queryKey: ['ntpConfig'] });
  };
  const run = async (call: () => Promise<{ value: string }>) => {
    setBusy(true);
    try {
      await after((await call()).value);
    } catch {
      // The request helper has shown the module's message.
    } finally {
      setBusy(false);
    }
  };
  // The clock's answer is heard even when a poll's 401 (the step ended the session) leads to Login first.
  const setMeterTime = (timestamp: number) => callEndpoint(calls.setMeterTime, { body: { timestamp }, persistent: true });
  const sync = () => run(() => (ntp.data?.enable === 1 ? callEndpoint(calls.syncTime, { body: { value: 1 }, persistent: true }) : setMeterTime(Math.floor(Date.now() / 1000))));
  const pickedUnix = zonedToUnix(picked, zone);
  const setTime = () => (pickedUnix === undefined ? undefined : run(() => setMeterTime(pickedUnix)));

  return (
    <SettingsCard title={t.deviceClock}>
      <p className="mb-1">
        <span className="fw-semibold">{t.labels.clock}: </span>
        <output aria-label={t.labels.clock}>{now === undefined ? '' : formatDeviceTime(now, zone)}</output> <span className="text-muted">({zone})</span>
      </p>
      <p>
        <span className="fw-semibold">{t.labels.lastUpdate}: </span>
        <output aria-label={t.labels.lastUpdate}>{last ? formatDeviceTime(last, zone) : t.never}</output>
      </p>
      {canWrite && (
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Form.Group controlId="device-time-picker">
            <Form.Label>{t.labels.clock}</Form.Label>
            <Form.Control
              type="datetime-local"
              step={1}
              value={picked}
              onFocus={() => (picked === '' && now !== undefined ? setPicked(unixToZoned(now, zone)) : undefined)}
              onChange={(e) => setPicked(e.target.value)}
            />
          </Form.Group>
          <Button variant="outline-primary" disabled={busy || pickedUnix === undefined} onClick={() => void setTime()}>
            {t.setTime}
          </Button>
          <Button disabled={busy} onClick={() => void sync()}>
            {t.sync}
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}
