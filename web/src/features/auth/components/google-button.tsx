import { useGetProvidersQuery } from '../api/auth-api'

const GOOGLE =
  'M21.35 11.1h-9.17v2.73h6.51c-.33 3.81-3.5 5.44-6.5 5.44C8.36 19.27 5 16.25 5 12c0-4.1 3.2-7.27 7.2-7.27 3.09 0 4.9 1.97 4.9 1.97L19 4.72S16.56 2 12.1 2C6.42 2 2.03 6.8 2.03 12c0 5.05 4.13 10 10.22 10 5.35 0 9.25-3.67 9.25-9.09 0-1.15-.15-1.81-.15-1.81'

/**
 * Social sign-in with Google, shown only when identity has it enabled (GET /api/auth/providers). No session
 * hint before leaving: `?social=done` refreshes anyway, and a failed sign-in then costs no refused refresh.
 */
export function GoogleButton({ label, redirect }: { label: string; redirect?: string | null }) {
  const { data } = useGetProvidersQuery()
  if (!data?.google) return null
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''
  return (
    <a
      href={`/api/auth/oidc/google/start${query}`}
      className="btn btn-outline btn-lg btn-block"
      style={{ marginBottom: 16 }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d={GOOGLE} />
      </svg>
      {label}
    </a>
  )
}
