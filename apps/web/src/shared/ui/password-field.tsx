import { useState } from 'react';
import { useTranslation } from '../i18n/translate.ts';
import { buttonClassName } from './button.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A password box with a Show / Hide button: on a phone keyboard a mistyped password is the commonest failed
 * sign-up. The button's name is its visible word (no aria-label), so the field's label stays the only "Password".
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'action'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      action={
        <button type="button" className={buttonClassName({ variant: 'ghost', compact: true })} aria-pressed={shown} onClick={() => setShown(!shown)}>
          {t(shown ? 'app.hidePassword' : 'app.showPassword')}
        </button>
      }
    />
  );
}
