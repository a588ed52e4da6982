/**
 * The 12 settings of the password policy (002 §2.18, §3.16): labels are the contract schema's,
 * hint lines the ranges of §5.11, descriptions the meanings of §4.11.
 */
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@meter/contract';
import type { FieldDef } from '../../components/form/field-layout.ts';

type Name = keyof PasswordPolicy & string;

const check = (name: Name, label: string, description: string): FieldDef<Name> => ({ name, label, kind: 'checkbox', description });

const integer = (name: Name, label: string, min: number, max: number, unit: string, description: string): FieldDef<Name> => ({
  name,
  label,
  kind: 'number',
  help: `${min} to ${max}${unit ? ` ${unit}` : ''}, default ${DEFAULT_PASSWORD_POLICY[name] as number}`,
  description,
});

export const PASSWORD_POLICY_FIELDS: readonly FieldDef<Name>[] = [
  check('needUpperLower', 'Upper and Lower Case', 'A password must contain both an upper case and a lower case letter.'),
  check('needNumberLetter', 'Number and Letter', 'A password must contain at least one digit and one letter.'),
  check('needSpecialCharacter', 'Special Character', 'A password must contain a special character such as @!#%^&*?.'),
  integer('pwdHistory', 'Password History', 1, 32, 'passwords', 'A new password must differ from this many recent passwords, the current one included. 1 means no restriction.'),
  integer('minPwdAgeDays', 'Minimum Password Age', 0, 90, 'days', 'Days a password must be kept before it can be changed again. 0 means no restriction.'),
  integer('pwdExpireDays', 'Password Expiration', 0, 90, 'days', 'Days after which a password expires. 0 means never expires.'),
  integer('pwdLength', 'Minimum Password Length', 6, 64, 'characters', 'The fewest characters a password may have.'),
  integer(
    'gracePeriodDays',
    'Grace Period',
    0,
    65535,
    'days',
    'Days after expiry in which the user can still sign in, and must change the password on sign-in; after that the account is locked. 0 means immediate lockout.',
  ),
  integer('maxFailedAttempts', 'Max Failed Attempts', 0, 30, 'attempts', 'Failed sign-in attempts that lock the account. 0 means never locks.'),
  integer(
    'failedLoginAttemptWindowsSeconds',
    'Failed Login Attempt Window',
    0,
    86400,
    'seconds',
    'The failed-attempt count resets when this many seconds have passed since the first failure. 0 means it never resets.',
  ),
  integer(
    'failedLoginWaitSeconds',
    'Failed Login Wait',
    0,
    86400,
    'seconds',
    'A lockout lifts automatically after this many seconds. 0 means never auto-unlock: an administrator must unlock the account.',
  ),
  integer('sessionTimeout', 'Session Timeout', 0, 60, 'minutes', 'Minutes without activity after which a session ends. 0 means never.'),
];
