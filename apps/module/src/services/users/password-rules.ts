/**
 * The password policy's rules on a new password (002 §3.16): its text rules, the minimum age of
 * the current one and the history. Each refusal is a 400 with the message on the form's field.
 */
import { passwordPolicyError, serverMessages, type PasswordPolicy } from '@meter/contract';
import { badRequest } from '../../errors.ts';
import { verifyPassword } from './passwords.ts';
import type { UserRepository, UserRow } from './user-repository.ts';

export const DAY_MS = 86_400_000;

const refuse = (message: string, field: string) => badRequest(message, { [field]: message });

/** Length, character classes and the rest of the policy's text rules. */
export function checkPolicy(policy: PasswordPolicy, password: string, field: string): void {
  const e = passwordPolicyError(policy, password);
  if (e) throw refuse(e, field);
}

/** minPwdAgeDays (0: none); a password the user must change (default, expired) is exempt. */
export function checkMinimumAge(row: UserRow, policy: PasswordPolicy, now: number, field: string): void {
  if (policy.minPwdAgeDays === 0 || row.is_default === 1) return;
  if (policy.pwdExpireDays > 0 && now >= row.password_changed_at + policy.pwdExpireDays * DAY_MS) return;
  if (now - row.password_changed_at < policy.minPwdAgeDays * DAY_MS) throw refuse(serverMessages.passwordTooYoung(policy.minPwdAgeDays), field);
}

/** pwdHistory 1: no restriction; n: differ from the last n passwords (the current one included). */
export async function checkHistory(repo: UserRepository, row: UserRow, password: string, policy: PasswordPolicy, field: string): Promise<void> {
  if (policy.pwdHistory <= 1) return;
  const hashes = new Set([row.password_hash, ...repo.recentHashes(row.name, policy.pwdHistory)]);
  const matches = await Promise.all([...hashes].map((h) => verifyPassword(password, h)));
  if (matches.some(Boolean)) throw refuse(serverMessages.passwordReused(policy.pwdHistory), field);
}

/** A default password must really be replaced, whatever pwdHistory says. */
export function checkReplacesDefault(row: UserRow, oldPassword: string, newPassword: string, field: string): void {
  if (row.is_default === 1 && newPassword === oldPassword) throw refuse(serverMessages.passwordReused(1), field);
}
