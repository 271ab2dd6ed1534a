import DOMPurify from 'dompurify'

/** The kit's allow-list, again in the browser before server HTML is shown: b, i, u, strong, em, p, br, lists, links. */
const ALLOWED_TAGS = ['b', 'i', 'u', 'strong', 'em', 'p', 'br', 'ol', 'ul', 'li', 'a']
const ALLOWED_ATTR = ['href', 'rel', 'target']

let hooked = false

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') ?? ''
        if (!/^(https:|mailto:)/i.test(href)) node.removeAttribute('href')
        node.setAttribute('rel', 'noopener noreferrer nofollow')
        node.setAttribute('target', '_blank')
      }
    })
    hooked = true
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR })
}

/** The visible text of rich text (what 'stripped' means for validation). */
export function visibleText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A description (an organization's, a studio's) is sanitised before it is saved; an editor's empty paragraph saves as nothing. */
export function descriptionForSave(html: string): string {
  return visibleText(html) ? sanitizeHtml(html) : ''
}
