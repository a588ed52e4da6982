/**
 * Save on both record edit screens (000 §7, §8): the sections are replaced one after another, so
 * the first refusal stops the rest; a failure is told with the spec's text in success styling
 * (as 000 §8 shows it), and every record query is fetched again whatever happened.
 */
import { recordTexts as t } from '@meter/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, request } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';
import { RECORD_QUERY_KEYS } from './use-records.ts';

/** One section: the endpoint that replaces it and its body. */
export type RecordSectionSave = readonly [endpoint: { method: string; path: string }, body: unknown];

export async function saveRecordSections(queryClient: QueryClient, saves: readonly RecordSectionSave[]): Promise<void> {
  try {
    for (const [endpoint, body] of saves) await request(endpoint.method, endpoint.path, body, { suppress: true });
  } catch (e) {
    // A signed-out or abandoned save is the request helper's to tell.
    if (e instanceof ApiError && (e.aborted || e.status === 401)) throw e;
    showAlert({ type: 'success', message: t.saveFailed });
    // Already told: the form must not show a second alert.
    throw new ApiError(e instanceof ApiError ? e.status : 0, undefined, undefined, true);
  } finally {
    for (const key of RECORD_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
  }
}
