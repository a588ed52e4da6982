import { successReply, valueOneBody } from '../schemas/common.ts';
import * as trends from '../schemas/trends.ts';
import { read, write, pathParams, ep } from './define.ts';

export const trendEndpoints = {
  // Trend logs (001 §7). Chart calls carry {parameter}&{start}&{end}&{interval} in one segment
  // (schemas/trends.ts). Generating, stopping and deleting the export file need only readings
  // view: the file holds nothing the caller cannot already chart, and it is the reader's own
  // download (one export slot per device; a new one replaces the file). Clearing the trend store
  // destroys records: maintenance edit, as Emergency Mode's "clears the trend log" (002 §2.16).
  realtimeTrend: ep({
    method: 'GET',
    path: '/trendlog/realTime/:spec',
    params: trends.realtimeTrendParams,
    query: trends.trendChartQuery,
    reply: trends.trendRows,
    auth: read('readings'),
  }),
  energyTrend: ep({ method: 'GET', path: '/trendlog/energy/:spec', params: trends.energyTrendParams, query: trends.energyTrendQuery, reply: trends.trendRows, auth: read('readings') }),
  trendLogRange: ep({ method: 'GET', path: '/command/trendlog/getLogMaxMin', reply: trends.trendLogRange, auth: read('readings') }),
  trendLogExportStatus: ep({ method: 'GET', path: '/command/trendlog/getLogExportStat', reply: trends.trendExportStatus, auth: read('readings') }),
  exportTrendLog: ep({ method: 'PATCH', path: '/command/trendlog/exportLog', body: trends.exportTrendLogBody, reply: successReply, auth: read('readings') }),
  cancelTrendLogExport: ep({ method: 'PATCH', path: '/command/trendlog/cancelExportLog', body: valueOneBody, reply: successReply, auth: read('readings') }),
  deleteTrendLogExport: ep({ method: 'PATCH', path: '/command/trendlog/deleteExportLog', body: valueOneBody, reply: successReply, auth: read('readings') }),
  resetTrendLog: ep({ method: 'PATCH', path: '/command/trendlog/resetLogDB', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  /** Opened as a link (token in the query); the name must be the ready export's. */
  trendLogFile: ep({ method: 'GET', path: '/exportLog/:fileName', params: pathParams('fileName'), auth: read('readings'), file: true }),
} as const;
