/**
 * Change Password: where a session whose password expired is held (002 §4.11 grace period). The
 * module refuses it everything but this change and Logout, so Cancel signs out.
 */
import { useNavigate } from 'react-router';
import { userManagementTexts } from '@meter/contract';
import { LOGIN_PATH, LOGOUT_PARAM } from '../../lib/navigation.ts';
import { useSession } from '../../lib/use-session.ts';
import { PasswordForm } from './password-form.tsx';

export default function PasswordChange() {
  const userName = useSession()?.userName ?? '';
  const navigate = useNavigate();
  const signOut = () => void navigate(`${LOGIN_PATH}?${LOGOUT_PARAM}=1`, { replace: true });
  return (
    <>
      <p role="status">{userManagementTexts.passwordExpiredChange}</p>
      <PasswordForm title={userManagementTexts.changePasswordTitle} username={userName} afterOtherSaved={signOut} onCancel={signOut} showTitle={false} />
    </>
  );
}
