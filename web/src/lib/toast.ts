import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** Success toasts by key (docs/product/accounts-and-profiles.md). Any other text is shown as an error. */
export const SUCCESS_TOASTS = {
  changesSaved: 'Changes has been saved',
  ticketPurchased: 'Ticket has been purchased',
  emailReset: 'Email has been sent to "email" with password reset instructions',
  eventCreated: 'Event Created',
  movedParticipant: 'Move successful',
  bracketingIsReady: 'Ready for bracketing',
  studioPublished: 'Studio has been published',
  studioDeactivated: 'Studio has been deactivated',
} as const

export type SuccessKey = keyof typeof SUCCESS_TOASTS

export const TOAST_MS = 5000
export const IMAGE_TOO_BIG = "Use an image smaller than 10Mb, otherwise, it won't be saved."
export const SOMETHING_WRONG = 'Something went wrong'
export const APP_ERROR = 'Something went wrong, please try again later'

export interface Toast {
  id: number
  text: string
  severity: 'success' | 'error' | 'info'
}

export interface ToastState {
  current: Toast | null
}

let nextId = 1

export function isSuccessKey(value: string): value is SuccessKey {
  return Object.prototype.hasOwnProperty.call(SUCCESS_TOASTS, value)
}

/** The text of a toast: a success key (with its parameters filled in) or the text itself. */
export function toastText(keyOrText: string, params: { email?: string } = {}): Toast {
  if (isSuccessKey(keyOrText)) {
    let text: string = SUCCESS_TOASTS[keyOrText]
    if (params.email !== undefined) text = text.replace('"email"', `"${params.email}"`)
    return { id: nextId++, text, severity: 'success' }
  }
  return { id: nextId++, text: keyOrText, severity: 'error' }
}

export const toastSlice = createSlice({
  name: 'toast',
  initialState: { current: null } as ToastState,
  reducers: {
    /** One message at a time: a new toast replaces the one showing. */
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = action.payload
      },
      prepare(keyOrText: string, params?: { email?: string }) {
        return { payload: toastText(keyOrText, params) }
      },
    },
    infoShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = action.payload
      },
      prepare(text: string) {
        return { payload: { id: nextId++, text, severity: 'info' as const } }
      },
    },
    toastCleared(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) state.current = null
    },
  },
})

export const { toastShown, infoShown, toastCleared } = toastSlice.actions
export const selectToast = (state: { toast: ToastState }) => state.toast.current
