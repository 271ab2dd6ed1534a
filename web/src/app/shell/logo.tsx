import { Link } from 'react-router'

/** The Cypher mark and name, linking home (plain markup: it is on every first paint). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" aria-label="Cypher, home" className={compact ? 'logo logo-compact' : 'logo'}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="#b3141b" />
        <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      </svg>
      <span>CYPHER</span>
    </Link>
  )
}
