import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import CloseIcon from '@mui/icons-material/Close'
import { useId, type ReactNode } from 'react'

export const CONFIRM_DIALOG_WIDTH = 500
export const MODAL_DIALOG_WIDTH = 630

interface ConfirmDialogProps {
  open: boolean
  title: string
  text?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  busy?: boolean
  destructive?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** A question with two answers, at most 500 px wide. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId()
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: CONFIRM_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.text ? (
        <DialogContent>
          <DialogContentText component="div">{props.text}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} color="inherit">
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          onClick={props.onConfirm}
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
          disabled={props.busy}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/**
 * A ConfirmDialog about `subject`, open while there is one: the answer runs `action` on it, then the question
 * closes whatever came back (the base query already showed a failure as a toast).
 */
export function ConfirmActionDialog<T>({
  subject,
  action,
  onClose,
  ...props
}: Omit<ConfirmDialogProps, 'open' | 'onConfirm'> & { subject: T | null; action: (subject: T) => Promise<unknown> }) {
  const confirm = async () => {
    if (subject === null) return
    try {
      await action(subject)
    } catch {
      /* the failure was shown as a toast */
    }
    onClose()
  }
  return <ConfirmDialog {...props} open={subject !== null} onConfirm={confirm} onClose={onClose} />
}

interface ModalDialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  actions?: ReactNode
  /** the usual actions instead: Cancel (it closes the dialog) and this button */
  action?: { label: string; onClick: () => void; disabled?: boolean }
}

/** A modal with content, at most 630 px wide, with a close button. */
export function ModalDialog({ open, title, onClose, children, actions, action }: ModalDialogProps) {
  const titleId = useId()
  const buttons = action ? <CancelAndAction {...action} onCancel={onClose} /> : actions
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: MODAL_DIALOG_WIDTH, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>{children}</DialogContent>
      {buttons ? <DialogActions sx={{ px: 3, pb: 2 }}>{buttons}</DialogActions> : null}
    </Dialog>
  )
}

function CancelAndAction({ label, onClick, disabled, onCancel }: NonNullable<ModalDialogProps['action']> & { onCancel: () => void }) {
  return (
    <>
      <Button color="inherit" onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="contained" onClick={onClick} disabled={disabled}>
        {label}
      </Button>
    </>
  )
}
