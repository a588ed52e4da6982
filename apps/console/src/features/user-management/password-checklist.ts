/**
 * The checklist under a new password (issue 14): the policy's rules from the contract's
 * passwordRules, each met or not by the check the module runs on save. Pure, so it is tested.
 */
import { passwordHelpTexts, passwordRules, type PasswordRuleSettings } from '@meter/contract';
import type { ChecklistLine, FieldDef } from '../../components/form/field-layout.ts';

/** The rules are waived (override ticked) or not known yet (the module still checks on save): no lines. */
export function passwordChecklist(settings: PasswordRuleSettings | undefined, password: unknown, waived = false): ChecklistLine[] {
  if (!settings || waived) return [];
  const typed = typeof password === 'string' ? password : '';
  return passwordRules(settings).map((r) => ({ text: r.text, met: r.error(typed) === undefined }));
}

/** A password field of a form with its checklist; `overrideField` names the checkbox that waives the rules. */
export function withPasswordChecklist<N extends string>(def: FieldDef<N>, settings: PasswordRuleSettings | undefined, overrideField?: N): FieldDef<N> {
  return {
    ...def,
    checklistLabel: passwordHelpTexts.checklistLabel,
    checklist: (values) => passwordChecklist(settings, values[def.name], overrideField !== undefined && values[overrideField] === true),
  };
}
