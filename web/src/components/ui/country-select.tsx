import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import { COUNTRIES, COUNTRY_NOT_FOUND, findCountry, searchCountries, type Country } from '@/lib/countries'
import { CountryFlag } from './country-flag'

interface CountrySelectProps {
  value: string | null
  onChange: (country: string | null) => void
  label?: string
  error?: boolean
  helperText?: string
  id?: string
}

/** The country list, searched by substring of the name or a common alias ('us' and 'u.s' find United States). */
export function CountrySelect({ value, onChange, label = 'Country', error, helperText, id }: CountrySelectProps) {
  const selected = findCountry(value) ?? null
  return (
    <Autocomplete<Country>
      id={id}
      options={COUNTRIES as Country[]}
      value={selected}
      onChange={(_event, country) => onChange(country?.name ?? null)}
      getOptionLabel={(country) => country.name}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      filterOptions={(options, state) => searchCountries(state.inputValue, options)}
      noOptionsText={COUNTRY_NOT_FOUND}
      autoHighlight
      renderOption={(props, country) => {
        const { key, ...rest } = props as typeof props & { key: string }
        return (
          <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
            <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex', width: 28 }}>
              <CountryFlag country={country.name} size={16} />
            </Box>
            {country.name}
          </Box>
        )
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={error} helperText={helperText} autoComplete="off" />
      )}
    />
  )
}
