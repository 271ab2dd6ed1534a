import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import {
  useId,
  useState,
  type ChangeEventHandler,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type KeyboardEventHandler,
  type MouseEventHandler,
  type ReactNode,
  type Ref,
} from 'react'

export interface TextInputProps {
  label?: ReactNode
  value?: string | number | null
  onChange?: ChangeEventHandler<HTMLInputElement>
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>
  onFocus?: FocusEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  onClick?: MouseEventHandler<HTMLDivElement>
  type?: string
  name?: string
  id?: string
  autoComplete?: string
  placeholder?: string
  required?: boolean
  error?: boolean
  disabled?: boolean
  autoFocus?: boolean
  helperText?: ReactNode
  inputRef?: Ref<HTMLInputElement>
  /** styles of the field's outer box */
  sx?: SxProps<Theme>
  slotProps?: {
    /** adornments inside the outline, before or after the text */
    input?: { startAdornment?: ReactNode; endAdornment?: ReactNode }
    /** attributes of the <input> element */
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}` | `aria-${string}`, unknown>
  }
}

/**
 * An outlined text field (floating label, notched outline, helper text) on a native input. It looks like
 * MUI's TextField without its weight: the sign-in forms are on the first screen people open, and
 * TextField brings InputBase, the textarea and the whole Select/Menu/Popover/Modal stack along.
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  disabled,
  id,
  slotProps,
  sx,
  value,
  placeholder,
  onFocus,
  onBlur,
  onClick,
  inputRef,
  ...input
}: TextInputProps) {
  const generated = useId()
  const inputId = id ?? generated
  const helperId = helperText ? `${inputId}-helper-text` : undefined
  const [focused, setFocused] = useState(false)
  const start = slotProps?.input?.startAdornment
  const end = slotProps?.input?.endAdornment
  const filled = value !== undefined && value !== null && String(value) !== ''
  const floated = focused || filled || Boolean(start)
  const classes = ['ti', floated && 'ti-floated', focused && 'ti-focused', error && 'ti-error', disabled && 'ti-disabled']
    .filter(Boolean)
    .join(' ')
  return (
    <Box className={classes} sx={sx}>
      <div className="ti-box" onClick={onClick}>
        {start ? <span className="ti-adornment ti-start">{start}</span> : null}
        <input
          {...slotProps?.htmlInput}
          {...input}
          id={inputId}
          ref={inputRef}
          value={value ?? ''}
          placeholder={placeholder}
          disabled={disabled}
          required={required}
          aria-invalid={error || undefined}
          aria-describedby={helperId}
          onFocus={(event) => {
            setFocused(true)
            onFocus?.(event)
          }}
          onBlur={(event) => {
            setFocused(false)
            onBlur?.(event)
          }}
        />
        {end ? <span className="ti-adornment ti-end">{end}</span> : null}
        {label ? (
          <label htmlFor={inputId} className="ti-label">
            {label}
            {required ? <span aria-hidden="true"> *</span> : null}
          </label>
        ) : null}
        <fieldset aria-hidden="true" className="ti-outline">
          <legend>{label ? <span>{label}{required ? ' *' : ''}</span> : <span className="ti-empty" />}</legend>
        </fieldset>
      </div>
      {helperText ? (
        <p id={helperId} className="ti-helper">
          {helperText}
        </p>
      ) : null}
    </Box>
  )
}
