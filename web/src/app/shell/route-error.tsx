import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { reportClientError } from '@/lib/error-reporter'
import { APP_ERROR } from '@/lib/toast'
import { ErrorPage } from './error-page'

/** A route that failed to render or load: the 404 page for a 404, otherwise the app-level message. */
export function RouteError() {
  const error = useRouteError()
  useEffect(() => {
    // a thrown answer (a 404) is the app working; an Error is a defect (a chunk that failed to load is ignored there)
    if (error instanceof Error) reportClientError('boundary', error)
  }, [error])
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage />
  return (
    <Box component="section" role="alert" sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 12, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 3 }}>
        {APP_ERROR}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  )
}
