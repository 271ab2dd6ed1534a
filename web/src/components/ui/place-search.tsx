import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { useDebounced } from '@/lib/use-debounced'
import { PLACE_NOT_FOUND, PLACE_SEARCH_DEBOUNCE_MS, useSearchPlacesQuery, type Coordinates, type Place } from '@/lib/api/places'

interface PlaceSearchProps {
  address: string
  onChange: (address: string, coordinates: Coordinates | null) => void
  near?: Coordinates | null
  label?: string
  placeholder?: string
  /** marked required (an event needs its place to be published) */
  required?: boolean
  /** the saved address could not be placed on the map: said under the field */
  notFound?: boolean
}

/**
 * An address (an event's venue, a studio's) with autocomplete (GET /api/places, debounced): choosing a place sets the address and its
 * coordinates; typed text alone keeps the address without coordinates (the server geocodes it, and says when it
 * could not: `notFound` shows that under the field). A street shows its town, state and country under it. The
 * gazetteer's attribution shows under the results, as its licence asks.
 */
export function PlaceSearch({ address, onChange, near, label = 'Location', placeholder = 'Search a city or an address', required, notFound }: PlaceSearchProps) {
  const [text, setText] = useState(address)
  // only what the user types is searched: not the saved address, nor the label of a place just chosen
  const [typed, setTyped] = useState('')
  const debounced = useDebounced(typed, PLACE_SEARCH_DEBOUNCE_MS)
  const query = debounced.trim()
  const { data, isFetching } = useSearchPlacesQuery({ q: query, lat: near?.lat, lng: near?.lng }, { skip: query.length < 2 })
  const places = query.length < 2 ? [] : (data?.items ?? [])
  const attribution = data?.attribution

  return (
    <Autocomplete<Place, false, false, true>
      freeSolo
      options={places}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.address)}
      getOptionKey={(option) => (typeof option === 'string' ? option : `${option.address}|${option.lat}|${option.lng}`)}
      inputValue={text}
      loading={isFetching}
      onInputChange={(_event, value, reason) => {
        setText(value)
        if (reason === 'input' || reason === 'clear') {
          setTyped(value)
          onChange(value, null)
        }
      }}
      onChange={(_event, value) => {
        if (value && typeof value !== 'string') {
          setTyped('')
          onChange(value.address, { lat: value.lat, lng: value.lng })
        }
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{option.name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {[option.city, option.state, option.country].filter(Boolean).join(', ')}
              </Typography>
            </Box>
          </Box>
        )
      }}
      slots={{
        paper: ({ children, ...props }: { children?: ReactNode }) => (
          <Paper {...props}>
            {children}
            {attribution && places.length ? (
              <Typography variant="caption" component="p" sx={{ px: 2, py: 1, color: 'text.secondary' }} data-testid="places-attribution">
                {attribution}
              </Typography>
            ) : null}
          </Paper>
        ),
      }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} required={required} error={notFound} helperText={notFound ? PLACE_NOT_FOUND : undefined} />}
    />
  )
}
