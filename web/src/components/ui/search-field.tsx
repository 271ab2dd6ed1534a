import type { SxProps, Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'
import { Glyph } from './glyph'
import { TextInput } from './text-input'

/**
 * A search box with the magnifier in front (and `endAdornment`, e.g. a search under way, at its end). On the
 * light TextInput: the events page opens with it, and MUI's TextField would weigh more than the page.
 */
export function SearchField({
  label,
  value,
  onChange,
  endAdornment,
  sx,
  autoFocus,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  endAdornment?: ReactNode
  sx?: SxProps<Theme>
  autoFocus?: boolean
}) {
  return (
    <TextInput
      label={label}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      autoFocus={autoFocus}
      slotProps={{ input: { startAdornment: <Glyph name="search" size={20} />, endAdornment } }}
    />
  )
}
