/**
 * Processing an update (002 §4.9), shared by Manual and Remote Update: start it, poll the update
 * log every 3 s until 'END OF FILE'; 'firmware update success' runs the 10-second countdown, stores
 * the updated flag and goes to Login flagged as reboot; otherwise 'Firmware update failed'. While it
 * runs the page cannot be left (002 §4.10). The meter's update (meterUpdate/*) polls the same way;
 * the module does not restart after it, so its success is an alert and `onMeterUpdated`.
 */
import { useEffect, useRef, useState } from 'react';
import { FIRMWARE_POLL_MS, TIMING, firmwareTexts as t } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { startRebootCountdown } from '../../lib/reboot.ts';
import { FIRMWARE_UPDATED_KEY } from '../../lib/storage-keys.ts';
import { registerBusyOperation } from '../../lib/unsaved-changes.ts';
import { FIRMWARE_CALLS, isLogEnded, isUpdateSuccess, type FirmwareKind } from './manual-update.ts';

export interface UpdateProcess {
  /** The updating flag of 002 §4.9. */
  updating: boolean;
  log: string;
  setLog: (log: string) => void;
  /** Starts processing the staged file; resolves false when the start call failed. */
  process: (onFailed?: () => void) => Promise<boolean>;
  /** Marks the page busy (a download runs) or not, so it cannot be left meanwhile. */
  setBusy: (busy: boolean) => void;
  /** Reads the update log once (after an upload, whose check writes it). */
  refresh: () => Promise<void>;
}

export function useUpdateProcess(kind: FirmwareKind = 'module', onMeterUpdated?: () => void): UpdateProcess {
  const calls = FIRMWARE_CALLS[kind];
  const [updating, setUpdating] = useState(false);
  const [log, setLog] = useState('');
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  // Refs, not state: the guard asks at the moment of leaving, between renders.
  const blocking = useRef(false);
  const downloading = useRef(false);

  useEffect(() => registerBusyOperation(() => (blocking.current || downloading.current ? t.upgrading : undefined)), []);
  useEffect(() => () => clearInterval(timer.current), []);

  const process = async (onFailed?: () => void): Promise<boolean> => {
    setUpdating(true);
    blocking.current = true;
    const finish = (text: string) => {
      clearInterval(timer.current);
      setUpdating(false);
      blocking.current = false;
      if (isUpdateSuccess(text) && kind === 'meter') {
        showAlert({ type: 'success', message: t.meterUpdateSuccess });
        onMeterUpdated?.();
      } else if (isUpdateSuccess(text)) {
        localStorage.setItem(FIRMWARE_UPDATED_KEY, 'true');
        startRebootCountdown(TIMING.rebootCountdownSeconds, t.updateSuccess);
      } else {
        showAlert({ type: 'danger', message: t.updateFailed });
        onFailed?.();
      }
    };
    const poll = async () => {
      try {
        const { output } = await callEndpoint(calls.info, { suppress: true });
        setLog(output);
        if (isLogEnded(output)) finish(output);
      } catch {
        // The module may be going away at the end of a success: the next poll or the countdown decides.
      }
    };
    try {
      await callEndpoint(calls.start, { body: {}, suppress: true });
    } catch (e) {
      // 002 §4.9: a failed start clears the flag and is only logged.
      console.error(e);
      setUpdating(false);
      blocking.current = false;
      return false;
    }
    timer.current = setInterval(() => void poll(), FIRMWARE_POLL_MS);
    void poll();
    return true;
  };

  const setBusy = (busy: boolean) => void (downloading.current = busy);
  const refresh = async () => {
    try {
      setLog((await callEndpoint(calls.info, { suppress: true })).output);
    } catch {
      // The log stays as it was; the upload's own alert has told the outcome.
    }
  };
  return { updating, log, setLog, process, setBusy, refresh };
}
