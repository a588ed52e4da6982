/**
 * Change Password: where a session on a default or expired password is held (000 §4, 002 §4.11).
 * The module refuses it everything but this change and Logout, so Cancel signs out. An admin on
 * the default password first gets 000 §4's prompt; its Cancel signs out too (docs/decisions.md).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_ACCESS_LEVEL, ADMIN_USER_NAME, passwordHelpTexts, shellTexts, userManagementTexts } from '@meter/contract';
import { LOGIN_PATH, LOGOUT_PARAM } from '../../lib/navigation.ts';
import { openModal } from '../../lib/modal.ts';
import { getSession, updateSession } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { PasswordForm } from './password-form.tsx';

/**
 * Why a default password must go (ours, beside 000 §4's text): user admin's is the one the module
 * generated at first start; anyone else's comes from an administrator's unlock of an expired account.
 */
const whyDefault = (userName: string | undefined): readonly string[] =>
  userName === ADMIN_USER_NAME ? [passwordHelpTexts.whyGenerated, passwordHelpTexts.whyGeneratedRisk] : [passwordHelpTexts.whyUnlocked];

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
      detail: whyDefault(session.userName),
      buttons: [
        { text: shellTexts.cancel, type: 'secondary', dismiss: true, action: () => void navigate(`${LOGIN_PATH}?${LOGOUT_PARAM}=1`, { replace: true }) },
        { text: shellTexts.yesContinue, type: 'primary', dismiss: true, action: () => updateSession({ changePassword: false }) },
      ],
    });
  }, [navigate]);
  return (
    <>
      <p role="status">{onDefault ? userManagementTexts.defaultPasswordChange : userManagementTexts.passwordExpiredChange}</p>
      {onDefault && whyDefault(userName).map((line) => <p key={line}>{line}</p>)}
      <PasswordForm title={userManagementTexts.changePasswordTitle} username={userName} afterOtherSaved={signOut} onCancel={signOut} showTitle={false} />
    </>
  );
}
