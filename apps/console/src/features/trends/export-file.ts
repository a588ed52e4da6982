/**
 * The 'Log File' card's texts (001 §3, §4), pure: the status line of each file state with the
 * progress dots, the progress through the time range and the file's size.
 */
import { formatFileSize, trendExportState, trendTexts, type TrendExportState, type TrendExportStatus } from '@meter/contract';

/** 001 §9: the progress dots move every 0.8 s. */
export const PROGRESS_DOTS_MS = 800;

/** 1, 2, 3, 1 … dots after the text's stem, so the full 'Generating the log file...' is one of the frames. */
export function withDots(text: string, tick: number): string {
  const stem = text.replace(/\.+$/, '');
  return stem + '.'.repeat((Math.abs(Math.floor(tick)) % 3) + 1);
}

export const isBusy = (state: TrendExportState): boolean => state === 'generating' || state === 'compressing';

export function exportStatusText(state: TrendExportState, tick: number): string {
  switch (state) {
    case 'none':
      return trendTexts.fileNotFound;
    case 'ready':
      return trendTexts.fileReady;
    case 'generating':
      return withDots(trendTexts.generating, tick);
    case 'compressing':
      return withDots(trendTexts.compressing, tick);
  }
}

/** Percent of the time range written so far (generating), 100 once compressing. */
export function exportProgress(status: TrendExportStatus): number {
  const state = trendExportState(status);
  if (state !== 'generating') return state === 'none' ? 0 : 100;
  const span = status.endTimeStamp - status.startTimeStamp;
  if (span <= 0) return 0;
  return Math.round(Math.min(100, Math.max(0, ((status.currentTimeStamp - status.startTimeStamp) / span) * 100)));
}

export const exportSizeText = (status: TrendExportStatus): string => formatFileSize(status.filesize);
