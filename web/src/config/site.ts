/** Facts about the platform shown in the shell and on the static pages. */
export const site = {
  name: 'Cypher',
  contactEmail: 'hello@cypher.dance',
  company: 'Cypher Dance, Inc.',
  companyLocation: 'Los Angeles, California, USA',
  credit: 'Built with the breaking community',
  patreonUrl: 'https://www.patreon.com/',
  socials: {
    instagram: 'https://instagram.com/',
    facebook: 'https://facebook.com/',
    youtube: 'https://youtube.com/',
    twitter: 'https://twitter.com/',
  },
  /**
   * The sponsor's tour video on Home (a YouTube video id, set per deployment with VITE_SPONSOR_VIDEO_ID at build
   * time); loaded only when its modal opens. Without one the modal says the video is on its way.
   */
  sponsorVideoId: (import.meta.env.VITE_SPONSOR_VIDEO_ID as string | undefined)?.trim() || null,
} as const
