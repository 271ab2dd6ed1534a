import type { CSSProperties, ReactNode } from 'react'

type Severity = 'error' | 'success' | 'info' | 'warning'

/**
 * A message on a form or page (an error under the fields, a confirmation). Errors are announced as alerts,
 * the others as status; the text is the spec's, word for word.
 */
export function Notice({
  severity,
  children,
  role,
  style,
}: {
  severity: Severity
  children: ReactNode
  role?: string
  style?: CSSProperties
}) {
  return (
    <div role={role ?? (severity === 'error' ? 'alert' : 'status')} className={`notice notice-${severity}`} style={style}>
      {children}
    </div>
  )
}

/** A form's error above its fields, when it has one. */
export function FormError({ error }: { error: string | null }) {
  return error ? <Notice severity="error">{error}</Notice> : null
}
