import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_ACCESS_LEVEL, ADMIN_PASSWORD_EDIT_PATH, shellTexts } from '@meter/contract';
import { openModal } from '../../lib/modal.ts';
import { getSession, updateSession } from '../../lib/session.ts';

/** 000 §4: on the first metering view a user still on the default password is told so, once. */
export function useDefaultPasswordPrompt(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const session = getSession();
    if (!session?.changePassword) return;
    updateSession({ changePassword: false });
    const admin = session.accessLevel === ADMIN_ACCESS_LEVEL;
    openModal({
      title: shellTexts.confirmation,
      body: admin ? shellTexts.defaultPasswordAdmin : shellTexts.defaultPasswordOther,
      buttons: admin
        ? [
            { text: shellTexts.cancel, type: 'secondary', dismiss: true },
            { text: shellTexts.yesContinue, type: 'primary', dismiss: true, action: () => void navigate(ADMIN_PASSWORD_EDIT_PATH) },
          ]
        : [{ text: shellTexts.ok, type: 'primary', dismiss: true }],
    });
  }, [navigate]);
}
