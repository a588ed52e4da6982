/**
 * System Settings › User Management › Password Policy (002 §2.18): a table of the 12 settings
 * (labels, ranges, units and meanings from the contract's schema), Save with write permission
 * only. No reboot prompt: the module applies the policy at once (the next sign-in, password change
 * and session check read it).
 */
import { passwordPolicy, passwordPolicySection } from '@meter/contract';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';

const TITLE = 'Password Policy';

export const PASSWORD_POLICY_SCREEN = defineSectionScreen({
  endpoint: 'passwordPolicy',
  section: passwordPolicySection,
  title: TITLE,
  formLabel: TITLE,
  blocks: [{ kind: 'table', caption: TITLE, fields: Object.keys(passwordPolicy.shape) }],
});

export default function PasswordPolicy() {
  return <SectionScreen def={PASSWORD_POLICY_SCREEN} />;
}
