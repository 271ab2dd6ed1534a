import InputAdornment from '@mui/material/InputAdornment'
import type { SxProps, Theme } from '@mui/material/styles'
import TextField from '@mui/material/TextField'
import SearchIcon from '@mui/icons-material/Search'
import type { ReactNode } from 'react'

/** A search box with the magnifier in front (and `endAdornment`, e.g. a search under way, at its end). */
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
    <TextField
      label={label}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      autoFocus={autoFocus}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
          endAdornment,
        },
      }}
    />
  )
}
