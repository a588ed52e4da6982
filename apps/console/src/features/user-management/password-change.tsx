/**
 * Change Password: where a session on a default or expired password is held (000 §4, 002 §4.11).
 * The module refuses it everything but this change and Logout, so Cancel signs out. An admin on
 * the default password first gets 000 §4's prompt; its Cancel signs out too (docs/decisions/users-passwords-and-lockout.md).
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_ACCESS_LEVEL, ADMIN_USER_NAME, PASSWORD_CHANGE_PATH, passwordHelpTexts, shellTexts, userManagementTexts } from '@meter/contract';
import { LOGIN_PATH, LOGOUT_PARAM, NEXT_PARAM } from '../../lib/navigation.ts';
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

/** The page first asked for (kept by the layout's redirect here), if it is one of this console's. */
function askedFor(raw: string | null): string | undefined {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith(LOGIN_PATH) && !raw.startsWith(PASSWORD_CHANGE_PATH) ? raw : undefined;
}

export default function PasswordChange() {
  const session = useSession();
  const [params] = useSearchParams();
  const next = askedFor(params.get(NEXT_PARAM));
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
  // Signed out (the change just ended the session): nothing to say; Login follows.
  if (!session) return null;
  const userName = session.userName;
  // Which text comes from what the module said of this sign-in: "has expired" only when it has.
  const onDefault = session.defaultPassword === true;
  const expired = !onDefault && session.passwordChangeRequired === true;
  // While the admin's prompt is open it carries the reasons: the page shows them once it is answered.
  const prompting = session.changePassword && session.accessLevel === ADMIN_ACCESS_LEVEL;
  return (
    <>
      {(onDefault || expired) && <p role="status">{onDefault ? userManagementTexts.defaultPasswordChange : userManagementTexts.passwordExpiredChange}</p>}
      {onDefault && !prompting && whyDefault(userName).map((line) => <p key={line}>{line}</p>)}
      <PasswordForm title={userManagementTexts.changePasswordTitle} username={userName} afterOtherSaved={signOut} onCancel={signOut} showTitle={false} afterOwnSaved={next} />
    </>
  );
}
