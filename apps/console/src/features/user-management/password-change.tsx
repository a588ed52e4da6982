/**
 * Change Password: where a session on a default or expired password is held (000 §4, 002 §4.11).
 * The module refuses it everything but this change and Logout, so Cancel signs out. An admin on
 * the default password first gets 000 §4's prompt; its Cancel signs out too (docs/decisions.md).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_ACCESS_LEVEL, shellTexts, userManagementTexts } from '@meter/contract';
import { LOGIN_PATH, LOGOUT_PARAM } from '../../lib/navigation.ts';
import { openModal } from '../../lib/modal.ts';
import { getSession, updateSession } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { PasswordForm } from './password-form.tsx';

export default function PasswordChange() {
  const session = useSession();
  const userName = session?.userName ?? '';
  const onDefault = session?.defaultPassword === true;
  const navigate = useNavigate();
  const signOut = () => void navigate(`${LOGIN_PATH}?${LOGOUT_PARAM}=1`, { replace: true });
  useEffect(() => {
    const session = getSession();
    // The flag goes when the prompt is answered, not when it opens: Login reloads the page right
    // after signing in, which may come after this first draw.
    if (!session?.changePassword || session.accessLevel !== ADMIN_ACCESS_LEVEL) return;
    openModal({
      title: shellTexts.confirmation,
      body: shellTexts.defaultPasswordAdmin,
      buttons: [
        { text: shellTexts.cancel, type: 'secondary', dismiss: true, action: () => void navigate(`${LOGIN_PATH}?${LOGOUT_PARAM}=1`, { replace: true }) },
        { text: shellTexts.yesContinue, type: 'primary', dismiss: true, action: () => updateSession({ changePassword: false }) },
      ],
    });
  }, [navigate]);
  return (
    <>
      <p role="status">{onDefault ? userManagementTexts.defaultPasswordChange : userManagementTexts.passwordExpiredChange}</p>
      <PasswordForm title={userManagementTexts.changePasswordTitle} username={userName} afterOtherSaved={signOut} onCancel={signOut} showTitle={false} />
    </>
  );
}
