import { TextInput, type TextInputProps } from './text-input'
import { applyMask, DATE_MASK } from '@/lib/masks'

type DateMaskFieldProps = Omit<TextInputProps, 'onChange' | 'value'> & {
  value: string
  onChange: (value: string) => void
}

/** A date typed as digits, shown through the mask ##/##/####. */
export function DateMaskField({ value, onChange, slotProps, ...props }: DateMaskFieldProps) {
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => onChange(applyMask(event.target.value, DATE_MASK))}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', maxLength: DATE_MASK.length, autoComplete: 'bday', ...slotProps?.htmlInput },
      }}
    />
  )
}
