import type { ReactNode } from 'react'

/** The centred card of the sign-in, sign-up and single-form screens (plain markup: first-paint screens). */
export function FormCard({ title, subtitle, children, width = 460, banner }: { title: string; subtitle?: ReactNode; children: ReactNode; width?: number; banner?: ReactNode }) {
  return (
    <div className="card-page">
      {banner ? <div style={{ width: '100%', maxWidth: width, marginBottom: 16 }}>{banner}</div> : null}
      <section className="card" style={{ maxWidth: width }}>
        <h1 className="card-title" style={{ marginBottom: subtitle ? 8 : 24 }}>
          {title}
        </h1>
        {subtitle ? <div className="card-subtitle">{subtitle}</div> : null}
        {children}
      </section>
    </div>
  )
}
