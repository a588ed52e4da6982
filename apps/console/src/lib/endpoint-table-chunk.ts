// The chunk boundary of endpoint-table.ts: only this re-export is imported dynamically.
export { endpoints } from '@meter/contract';
