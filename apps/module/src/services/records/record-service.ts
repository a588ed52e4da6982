/**
 * The installation and inspection records: their sections (kept by the section store), the
 * device's live values the edit screens verify against, and the PDFs. The SHA-256 printed on
 * every page is of the record's data in a canonical form (keys sorted), so the same record
 * always gives the same hash and any changed value a different one.
 */
import {
  clientInfoSection,
  commInstallSection,
  commissionInfoSection,
  ctInstallSection,
  deviceInstallSection,
  inspectionDocument,
  installationDocument,
  installInfoSection,
  ptRecordSection,
  type AnySection,
  type InspectionRecordData,
  type InstallationRecordData,
  type RecordDocument,
} from '@meter/contract';
import { createHash } from 'node:crypto';
import type { SectionService } from '../sections/section-service.ts';
import { renderRecordPdfOffThread } from './record-pdf-thread.ts';

export const RECORD_SECTIONS: readonly AnySection[] = [
  clientInfoSection,
  installInfoSection,
  deviceInstallSection,
  commInstallSection,
  ctInstallSection,
  commissionInfoSection,
  ptRecordSection,
];

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const recordHash = (data: unknown): string => createHash('sha256').update(canonical(data)).digest('hex');

export interface RecordServiceDeps {
  sections: SectionService;
  /** "Model, serial number" of the device, for the page header. */
  device: () => string;
  /** A time stamp in the device's zone. */
  stamp: () => string;
}

export class RecordService {
  constructor(private readonly d: RecordServiceDeps) {}

  private read<T>(section: AnySection): T {
    return this.d.sections.read(section).data as T;
  }

  installation(): InstallationRecordData {
    return {
      clientInfo: this.read(clientInfoSection),
      installInfo: this.read(installInfoSection),
      deviceInstall: this.read(deviceInstallSection),
      ctInstall: this.read(ctInstallSection),
      commInstall: this.read(commInstallSection),
    };
  }

  inspection(): InspectionRecordData {
    return { ...this.installation(), commissionInfo: this.read(commissionInfoSection), ptRecord: this.read(ptRecordSection) };
  }

  private pdf(doc: RecordDocument, data: unknown): Promise<{ pdf: Buffer; hash: string }> {
    const hash = recordHash(data);
    return renderRecordPdfOffThread(doc, { device: this.d.device(), generated: this.d.stamp(), hash }).then((pdf) => ({ pdf, hash }));
  }

  installationPdf(): Promise<{ pdf: Buffer; hash: string }> {
    const data = this.installation();
    return this.pdf(installationDocument(data), data);
  }

  inspectionPdf(): Promise<{ pdf: Buffer; hash: string }> {
    const data = this.inspection();
    return this.pdf(inspectionDocument(data), data);
  }
}
