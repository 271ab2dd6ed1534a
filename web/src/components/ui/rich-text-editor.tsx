import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Popover from '@mui/material/Popover'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import Typography from '@mui/material/Typography'
import FormatBoldIcon from '@mui/icons-material/FormatBold'
import FormatItalicIcon from '@mui/icons-material/FormatItalic'
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted'
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered'
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined'
import LinkIcon from '@mui/icons-material/Link'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useState, type ReactNode } from 'react'

/**
 * Rich text as the platform keeps it (the kit's allow-list): paragraphs, bold, italic, underline, ordered and
 * bullet lists and links. TipTap (ProseMirror) with only those nodes and marks, so pasted headings, code or
 * images turn into what the server would keep anyway. Loaded lazily: import it with React.lazy.
 */
export interface RichTextEditorProps {
  label: string
  /** HTML; read once when the editor starts (give the component a key to start over) */
  value: string
  /** the HTML, or '' when the editor holds no text */
  onChange: (html: string) => void
  helperText?: ReactNode
  minHeight?: number
  disabled?: boolean
}

const extensions = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    dropcursor: false,
    gapcursor: false,
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      protocols: ['https', 'mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
]

/** A link as the sanitiser keeps it: https or mailto; a bare host gets https://. */
export function normaliseLink(value: string): string | null {
  const text = value.trim()
  if (!text) return null
  if (/^mailto:/i.test(text)) return text
  if (/^https:\/\//i.test(text)) return text
  if (/^http:\/\//i.test(text)) return `https://${text.slice(7)}`
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`
  return `https://${text}`
}

function Toolbar({ editor, disabled, labelId }: { editor: Editor; disabled?: boolean; labelId: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  })
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [href, setHref] = useState('')
  const [linkError, setLinkError] = useState(false)

  const buttons = [
    { key: 'bold', label: 'Bold', icon: <FormatBoldIcon />, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', label: 'Italic', icon: <FormatItalicIcon />, run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'underline', label: 'Underline', icon: <FormatUnderlinedIcon />, run: () => editor.chain().focus().toggleUnderline().run() },
    { key: 'orderedList', label: 'Numbered list', icon: <FormatListNumberedIcon />, run: () => editor.chain().focus().toggleOrderedList().run() },
    { key: 'bulletList', label: 'Bulleted list', icon: <FormatListBulletedIcon />, run: () => editor.chain().focus().toggleBulletList().run() },
  ] as const

  const applyLink = () => {
    if (!href.trim()) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
      setAnchor(null)
      return
    }
    const link = normaliseLink(href)
    if (!link) {
      setLinkError(true)
      return
    }
    const chain = editor.chain().focus().extendMarkRange('link')
    if (editor.state.selection.empty && !state.link) {
      chain.insertContent({ type: 'text', text: link.replace(/^mailto:/, ''), marks: [{ type: 'link', attrs: { href: link } }] }).run()
    } else {
      chain.setLink({ href: link }).run()
    }
    setAnchor(null)
  }

  return (
    <Stack direction="row" role="toolbar" aria-labelledby={labelId} sx={{ flexWrap: 'wrap', gap: 0.5, p: 0.5 }}>
      {buttons.map((button) => (
        <ToggleButton
          key={button.key}
          value={button.key}
          size="small"
          selected={state[button.key]}
          aria-label={button.label}
          title={button.label}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={button.run}
          sx={{ border: 0, minWidth: 40, minHeight: 40 }}
        >
          {button.icon}
        </ToggleButton>
      ))}
      <Divider flexItem orientation="vertical" sx={{ mx: 0.5 }} />
      <ToggleButton
        value="link"
        size="small"
        selected={state.link}
        aria-label="Link"
        title="Link"
        aria-haspopup="dialog"
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          setHref(state.href)
          setLinkError(false)
          setAnchor(event.currentTarget)
        }}
        sx={{ border: 0, minWidth: 40, minHeight: 40 }}
      >
        <LinkIcon />
      </ToggleButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Link', sx: { p: 2, width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault()
            applyLink()
          }}
        >
          <TextField
            label="Link address"
            value={href}
            autoFocus
            size="small"
            error={linkError}
            helperText={linkError ? 'Use an https:// or mailto: link' : 'Empty removes the link'}
            onChange={(event) => {
              setHref(event.target.value)
              setLinkError(false)
            }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button color="inherit" onClick={() => setAnchor(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="contained">
              Apply
            </Button>
          </Stack>
        </Box>
      </Popover>
    </Stack>
  )
}

export function RichTextEditor({ label, value, onChange, helperText, minHeight = 160, disabled }: RichTextEditorProps) {
  const labelId = useId()
  const helperId = useId()
  const editor = useEditor({
    extensions,
    content: value || '',
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(helperText ? { 'aria-describedby': helperId } : {}),
        class: 'rich-text-content',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  })

  return (
    <Box>
      <Typography id={labelId} component="div" variant="body2" sx={{ color: 'text.secondary', mb: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: '1px solid',
          borderColor: 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
          '&:focus-within': { borderColor: 'secondary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.secondary.main}` },
        }}
      >
        {editor ? <Toolbar editor={editor} disabled={disabled} labelId={labelId} /> : null}
        <Divider />
        <Box
          sx={{
            px: 1.5,
            '& .rich-text-content': { minHeight, outline: 'none', py: 1, overflowWrap: 'anywhere' },
            '& .rich-text-content p': { my: 1 },
            '& .rich-text-content a': { color: 'primary.main' },
            '& .rich-text-content ul, & .rich-text-content ol': { pl: 3, my: 1 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {helperText ? (
        <Typography id={helperId} variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5, mx: 1.75 }}>
          {helperText}
        </Typography>
      ) : null}
    </Box>
  )
}

export default RichTextEditor
