/** Password Management › Edit (002 §2.19): a user's password, then back to the list. */
import { useNavigate, useParams } from 'react-router';
import { passwordListPath } from './back-to-list.ts';
import { PasswordForm } from './password-form.tsx';

export default function PasswordEdit() {
  const username = useParams().username ?? '';
  const navigate = useNavigate();
  const back = () => void navigate(passwordListPath());
  return <PasswordForm title="Edit Password" username={username} afterOtherSaved={back} onCancel={back} />;
}
