/**
 * SNMP (002 §3.8 config, §5.7 rules, §7.3 calls, §9.2): labels, texts, schema, section and endpoints.
 */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { formMessages as m, requestMessages } from '../shell-messages.ts';
import { flag, int, intBetween, optionalText, strictObject } from '../rules/fields.ts';
import { rule } from '../rules/validators.ts';
import { checkField } from '../rules/checks.ts';
import { defineSection } from '../sections/section.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';

const L = {
  enable: 'Enable SNMP',
  readOnlyCommunity: 'Read Only Community',
  port: 'Port',
  trapEnable: 'Enable Trap',
  target: (n: number) => `Trap Target ${n}`,
  reportBufferSize: 'Report Buffer Size',
  reportHoldTime: 'Report Hold Time',
} as const;

/** SNMP (002 §2.7, §8): the spec's texts, then the ones decided here (docs/decisions/communication-snmp.md). */
export const snmpTexts = {
  saved: 'SNMP config saved',
  fileNotFound: requestMessages.certificateNotFound,
  // Decided.
  downloadMib: 'Download MIB File',
  communityRequired: m.required(L.readOnlyCommunity),
} as const;

/** SNMP config (002 §3.8) and its rules (§5.7, §9.2). */
export const SNMP_DEFAULT_PORT = 161;
export const SNMP_PORT_RANGE = [16100, 16199] as const;
export const SNMP_COMMUNITY_LENGTH = [6, 20] as const;
export const SNMP_BUFFER_RANGE = [0, 30] as const;
export const SNMP_HOLD_RANGE = [0, 300] as const;
export const SNMP_TRAP_TARGETS = ['target1', 'target2', 'target3', 'target4'] as const;

/** 002 §5.7: 16100 to 16199, or exactly 161 (the betweenException rule of 000 §4). */
const portRule = rule.betweenException(SNMP_DEFAULT_PORT, ...SNMP_PORT_RANGE);

const target = (n: number) => optionalText(L.target(n), rule.ipAddress());

export const snmpTrapConfig = strictObject({
  enable: flag(L.trapEnable),
  target1: target(1),
  target2: target(2),
  target3: target(3),
  target4: target(4),
  // Range-checked with traps off too (issue 28): a hidden number is still stored.
  reportBufferSize: withMeta(intBetween(L.reportBufferSize, ...SNMP_BUFFER_RANGE), { unit: 'events' }),
  reportHoldTime: withMeta(intBetween(L.reportHoldTime, ...SNMP_HOLD_RANGE), { unit: 's' }),
});

export const SNMP_LABELS = L;

/**
 * The community is a credential: never returned by a GET; '' keeps the stored one, so the
 * "required" rule is the module's (it knows whether one is stored).
 */
export const snmpConfig = strictObject({
  enable: flag(L.enable),
  readOnlyCommunity: withMeta(optionalText(L.readOnlyCommunity, rule.noSpace()), { secret: true, help: '6 to 20 characters' }),
  port: withMeta(int(L.port, portRule), { help: '161, or 16100 to 16199' }),
  trapConfig: snmpTrapConfig,
}).superRefine((v, c) => {
  if (v.enable !== 1) return;
  const [min, max] = SNMP_COMMUNITY_LENGTH;
  const community = optionalText(L.readOnlyCommunity, rule.minLength(min), rule.maxLength(max));
  checkField(c, ['readOnlyCommunity'], community, v.readOnlyCommunity);
});
export type SnmpConfig = z.infer<typeof snmpConfig>;

/** The SNMP config (002 §3.8): applied at once (the agent restarts on its port with its community). */
export const DEFAULT_SNMP_CONFIG = (): SnmpConfig => ({
  enable: 0,
  readOnlyCommunity: '',
  port: SNMP_DEFAULT_PORT,
  trapConfig: { enable: 0, target1: '', target2: '', target3: '', target4: '', reportBufferSize: 10, reportHoldTime: 60 },
});

export const snmpSection = defineSection({
  key: 'snmpConfig',
  title: 'SNMP settings',
  context: 'none',
  body: () => snmpConfig,
  data: snmpConfig,
  savedMessage: snmpTexts.saved,
  defaults: DEFAULT_SNMP_CONFIG,
});

/** SNMP (002 §7.3): the config section and the MIB file download. */
export const snmpEndpoints = {
  snmpConfig: sectionRead('/settings/communication/snmpConfig', snmpSection, read('configuration')),
  saveSnmpConfig: sectionWrite('/settings/communication/snmpConfig', snmpSection, write('configuration')),
  /** The SMIv2 module of the served subtree (path decided: the spec names no path). */
  snmpMib: ep({ method: 'GET', path: '/download/snmpMib/ACCUMETER-MIB.txt', auth: read('configuration'), file: true }),
} as const;
