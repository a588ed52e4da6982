import { successReply } from '../schemas/common.ts';
import { ceTestForm } from '../schemas/ce-test.ts';
import * as rec from '../schemas/records.ts';
import { clientInfoSection, commInstallSection, commissionInfoSection, ctInstallSection, deviceInstallSection, installInfoSection, ptRecordSection } from '../sections/records.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

/** The records live under About (route mask 12): view on readings reads them, edit writes them (000 §6). */
const VIEW = read('readings');
const EDIT = write('readings');

export const recordEndpoints = {
  // The seven record sections (000 §7), each GET and PUT.
  recordClientInfo: sectionRead('/record/clientInfo', clientInfoSection, VIEW),
  saveRecordClientInfo: sectionWrite('/record/clientInfo', clientInfoSection, EDIT),
  recordInstallInfo: sectionRead('/record/installInfo', installInfoSection, VIEW),
  saveRecordInstallInfo: sectionWrite('/record/installInfo', installInfoSection, EDIT),
  recordDeviceInstall: sectionRead('/record/deviceInstall', deviceInstallSection, VIEW),
  saveRecordDeviceInstall: sectionWrite('/record/deviceInstall', deviceInstallSection, EDIT),
  recordCommInstall: sectionRead('/record/commInstall', commInstallSection, VIEW),
  saveRecordCommInstall: sectionWrite('/record/commInstall', commInstallSection, EDIT),
  recordCtInstall: sectionRead('/record/ctInstall', ctInstallSection, VIEW),
  saveRecordCtInstall: sectionWrite('/record/ctInstall', ctInstallSection, EDIT),
  recordCommissionInfo: sectionRead('/record/commissionInfo', commissionInfoSection, VIEW),
  saveRecordCommissionInfo: sectionWrite('/record/commissionInfo', commissionInfoSection, EDIT),
  recordPtRecord: sectionRead('/record/ptRecord', ptRecordSection, VIEW),
  saveRecordPtRecord: sectionWrite('/record/ptRecord', ptRecordSection, EDIT),
  // What the device says now, for the edit screens (000 §7).
  recordDeviceStatus: ep({ method: 'GET', path: '/record/deviceStatus', reply: rec.recordDeviceStatus, auth: VIEW }),
  recordCommStatus: ep({ method: 'GET', path: '/record/commStatus', reply: rec.recordCommStatus, auth: VIEW }),
  recordCtStatus: ep({ method: 'GET', path: '/record/ctStatus', reply: rec.recordCtStatus, auth: VIEW }),
  recordPtValue: ep({ method: 'GET', path: '/record/ptValue', reply: rec.recordPtValue, auth: VIEW }),
  // The module's own: the records as vector PDFs made on the device (the spec's JPEG-in-PDF is replaced).
  installationRecordPdf: ep({ method: 'GET', path: '/record/installationRecord.pdf', auth: VIEW, file: true }),
  inspectionRecordPdf: ep({ method: 'GET', path: '/record/inspectionRecord.pdf', auth: VIEW, file: true }),
  // The CE wireless transmit test (000 §7), one command per IEEE protocol; its page /ce_test has mask 48.
  ceTest11b: ep({ method: 'PATCH', path: '/command/11bTXTesting', body: ceTestForm, reply: successReply, auth: write('configuration') }),
  ceTest11g: ep({ method: 'PATCH', path: '/command/11gTXTesting', body: ceTestForm, reply: successReply, auth: write('configuration') }),
  ceTest11n: ep({ method: 'PATCH', path: '/command/11nTXTesting', body: ceTestForm, reply: successReply, auth: write('configuration') }),
} as const;
