import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import { useDispatch, useSelector } from 'react-redux'
import { selectToast, TOAST_MS, toastCleared } from '@/lib/toast'

/** The toast area: one message at a time, for 5 seconds. */
export function Toaster() {
  const toast = useSelector(selectToast)
  const dispatch = useDispatch()
  const close = () => dispatch(toastCleared(toast?.id))
  return (
    <Snackbar
      key={toast?.id}
      open={toast !== null}
      autoHideDuration={TOAST_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close()
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {toast ? (
        <Alert
          onClose={close}
          severity={toast.severity}
          variant="filled"
          role={toast.severity === 'error' ? 'alert' : 'status'}
          sx={{ width: '100%', maxWidth: 560, alignItems: 'center' }}
          data-testid="toast"
        >
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  )
}

export default Toaster
