/**
 * MUI's styles stay out of the test document unless a test reads them. Emotion puts each rule in a <style> tag of
 * its own; with thousands of them in the document, every query by role (which asks jsdom for each element's
 * computed style, to leave out what is hidden) went through them all, and the web tests took half again as long
 * (docs/development.md, The test budget). The tags are held aside in the order emotion made them; a test that
 * reads a style or a layout calls `keepStyles()` first, which puts every one of them, and those made after, into
 * the document until the test ends.
 */

const held: HTMLStyleElement[] = []
let keeping = false
const { insertBefore, appendChild } = Node.prototype
const attach = (tag: HTMLStyleElement) => appendChild.call(document.head, tag)

const isEmotion = (node: Node): node is HTMLStyleElement => node instanceof HTMLStyleElement && node.hasAttribute('data-emotion')

/** From setup.ts: hold emotion's tags aside. */
export function holdStylesAside(): void {
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    if (!isEmotion(node)) return insertBefore.call(this, node, child) as T
    held.push(node)
    if (keeping) attach(node)
    return node
  }
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    if (!isEmotion(node) || this !== document.head) return appendChild.call(this, node) as T
    held.push(node)
    if (keeping) attach(node)
    return node
  }
}

/** The test reads styles: every rule emotion made, in the document until the test ends. */
export function keepStyles(): void {
  keeping = true
  for (const tag of held) attach(tag)
}

/** After each test (setup.ts): the styles aside again. */
export function releaseStyles(): void {
  if (!keeping) return
  keeping = false
  for (const tag of held) tag.remove()
}
