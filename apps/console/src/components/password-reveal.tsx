/**
 * A password input with a Show / Hide button (issue 14): one component for Login and every
 * password field of the form layer. The button's label says what pressing it does ("Show
 * password", "Hide password"), rather than aria-pressed, so the name never contradicts the state.
 * It is a real button after the input, so Tab reaches it and Enter in the input still submits.
 */
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import InputGroup from 'react-bootstrap/InputGroup';
import { signInTexts } from '@meter/contract';

export type PasswordInputType = 'password' | 'text';

export function PasswordReveal({
  inputId,
  disabled,
  input,
  after,
}: {
  /** The input the button shows (aria-controls). */
  inputId: string;
  disabled?: boolean;
  /** Draws the input with the type to use. */
  input: (type: PasswordInputType) => ReactNode;
  /** Inside the group after the button: Bootstrap's invalid feedback must be the input's sibling. */
  after?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  return (
    <InputGroup hasValidation={after !== undefined}>
      {input(shown ? 'text' : 'password')}
      <Button variant="outline-secondary" aria-controls={inputId} disabled={disabled} onClick={() => setShown((s) => !s)}>
        {shown ? signInTexts.hide : signInTexts.show}
        <span className="visually-hidden"> {signInTexts.passwordWord}</span>
      </Button>
      {after}
    </InputGroup>
  );
}
