/** Calls of Settings › Management and Debug Diagnostic (002 §7.5). */
import { CLEAR_DEVICE_RUN_TIME, managementTexts as t, meterSettingsTexts, readingResetNames, shellTexts, type ReadingReset, type SealStatus, type SyslogConfig } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint, download, request } from '../../lib/api.ts';
import { openModal } from '../../lib/modal.ts';

/** A section's PUT, typed by its own schema (the endpoint table types section bodies loosely). */
export const saveSection = <T extends object>(endpoint: { method: string; path: string }, body: T) => request<unknown>(endpoint.method, endpoint.path, body, { suppress: true });

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The reset a button is for is refused by the seal (002 §6): demand, energy and alarm when sealed; the run time when its seal is set too. */
export function sealBlocks(name: ReadingReset, seal: SealStatus | undefined): boolean {
  if (!seal || seal.meterSealStatus !== 1) return false;
  return name !== 'deviceRunTime' || seal[CLEAR_DEVICE_RUN_TIME] === 1;
}

export type ResetOutcome = 'done' | 'sealChanged' | 'failed';

/** 002 §4.6: asks for a refresh after the seal changed under the page. */
export function openSealChanged(): void {
  openModal({ title: meterSettingsTexts.sealStatusChanged, body: meterSettingsTexts.refreshWebpage, buttons: [{ text: shellTexts.ok, type: 'primary', dismiss: true }] });
}

/**
 * 002 §4.6: the seal is read again before a reset; when it differs from what the page holds
 * nothing is reset ('sealChanged': the caller shows the modal once its confirmation has closed).
 */
export async function resetReading(name: ReadingReset, held: SealStatus): Promise<ResetOutcome> {
  const what = readingResetNames[name];
  try {
    const now = await callEndpoint(calls.sealStatus, { suppress: true });
    if (now.meterSealStatus !== held.meterSealStatus || now[CLEAR_DEVICE_RUN_TIME] !== held[CLEAR_DEVICE_RUN_TIME]) return 'sealChanged';
    const r = await callEndpoint(calls.resetReadings, { body: { readingName: name }, suppress: true });
    if (r.value !== 'Success') throw new ApiError(200, r.value);
    showAlert({ type: 'success', message: t.resetDone(capitalised(what)) });
    return 'done';
  } catch (e) {
    if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: e instanceof ApiError && e.value ? e.value : t.resetFailed(what) });
    return 'failed';
  }
}

export async function saveSyslog(config: SyslogConfig): Promise<boolean> {
  try {
    await saveSection(calls.saveSyslogConfig, config);
    showAlert({ type: 'success', message: t.debugSaved });
    return true;
  } catch (e) {
    if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: e instanceof ApiError && e.value ? e.value : t.debugSaveFailed });
    return false;
  }
}

/** Download Diagnostic File: the module makes the archive, then it is fetched like any file. */
export async function downloadDiagnosticFile(): Promise<boolean> {
  try {
    const { value } = await callEndpoint(calls.downloadSyslog, { body: {}, suppress: true });
    return await download(calls.diagnosticFile.path, { params: { fileName: value }, failureMessage: t.diagnosticDownloadFailed });
  } catch (e) {
    if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.diagnosticDownloadFailed });
    return false;
  }
}
