import { trimEmail } from '@/lib/validation'
import { TextInput, type TextInputProps } from './text-input'

type EmailInputProps = Omit<TextInputProps, 'label' | 'type' | 'value' | 'onChange'> & {
  value: string
  /** the address, trimmed as typed */
  onChange: (email: string) => void
}

/** The required 'Email' field of the sign-in and account forms. */
export function EmailInput({ value, onChange, autoComplete = 'email', ...props }: EmailInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(trimEmail(event.target.value))}
      required
      {...props}
    />
  )
}
