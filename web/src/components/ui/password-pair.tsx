import { useRef, useState } from 'react'
import { focusOnEnter } from '@/lib/keyboard'
import { PasswordField } from './password-field'

/**
 * A new password typed twice, with one show/hide toggle for both (`toggle` also serves any other password
 * field of the form). Whether the values are trimmed and how they are judged is the form's rule
 * (lib/validation).
 */
export function usePasswordPair() {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [shown, setShown] = useState(false)
  const passwordInput = useRef<HTMLInputElement>(null)
  const confirmInput = useRef<HTMLInputElement>(null)
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    clear: () => {
      setPassword('')
      setConfirm('')
    },
    /** the first field, for Enter in the field before it */
    passwordInput,
    confirmInput,
    toggle: { shown, onToggleShown: () => setShown((value) => !value) },
  }
}

export type PasswordPair = ReturnType<typeof usePasswordPair>

/** The two fields of a `usePasswordPair`: the password (with the 8-character hint), then its confirmation. */
export function PasswordPairFields({
  pair,
  label,
  confirmLabel,
  required,
  enterMovesOn,
}: {
  pair: PasswordPair
  label: string
  confirmLabel: string
  required?: boolean
  /** Enter in the password moves to the confirmation instead of submitting */
  enterMovesOn?: boolean
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        value={pair.password}
        onChange={(event) => pair.setPassword(event.target.value)}
        inputRef={pair.passwordInput}
        onKeyDown={enterMovesOn ? (event) => focusOnEnter(event, pair.confirmInput) : undefined}
        helperText="At least 8 characters"
        required={required}
        {...pair.toggle}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        value={pair.confirm}
        onChange={(event) => pair.setConfirm(event.target.value)}
        inputRef={pair.confirmInput}
        required={required}
        {...pair.toggle}
      />
    </>
  )
}
