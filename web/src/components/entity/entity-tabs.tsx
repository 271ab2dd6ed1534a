import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import type { ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { tabIdPart, tabOf, type EntityTab } from './rules'

interface EntityTabsProps<K extends string> {
  tabs: readonly [EntityTab<K>, ...EntityTab<K>[]]
  /** the id of the tabs' box, the hash a tab's link ends with */
  anchor: string
  /** the elements' ids: `<prefix>-tab-<tab>` and `<prefix>-panel-<tab>` */
  idPrefix: string
  /** the page's link with a tab chosen (?tab= and the anchor) */
  href: (tab: K) => string
  /** the name of the tab list ('<name> sections') */
  label: string
  /** tabs that scroll sideways when they do not fit */
  scrollable?: boolean
  /** the chosen tab's content */
  children: (tab: K) => ReactNode
}

/** An entity page's tabs on wide screens, an expansion list on narrow ones; a choice pushes ?tab= and the anchor. */
export function EntityTabs<K extends string>({ tabs, anchor, idPrefix, href, label, scrollable = false, children }: EntityTabsProps<K>) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const tab = tabOf(tabs, params.get('tab'))
  const choose = (next: K) => navigate(href(next))
  const tabId = (item: EntityTab) => `${idPrefix}-tab-${tabIdPart(item)}`
  const panelId = (item: EntityTab) => `${idPrefix}-panel-${tabIdPart(item)}`

  if (narrow) {
    return (
      <Box id={anchor} sx={{ mt: 3, scrollMarginTop: 72 }}>
        {tabs.map((item) => (
          <Accordion
            key={item.key}
            expanded={tab === item.key}
            onChange={(_event, expanded) => {
              if (expanded) choose(item.key)
            }}
            disableGutters
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&:before': { display: 'none' }, border: '1px solid', borderColor: 'divider', '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={tabId(item)} aria-controls={panelId(item)}>
              <Typography sx={{ fontWeight: 800 }}>{item.label}</Typography>
            </AccordionSummary>
            <AccordionDetails id={panelId(item)}>{tab === item.key ? children(item.key) : null}</AccordionDetails>
          </Accordion>
        ))}
      </Box>
    )
  }
  const current = tabs.find((item) => item.key === tab) ?? tabs[0]
  return (
    <Box id={anchor} sx={{ mt: 3, scrollMarginTop: 72 }}>
      <Tabs
        value={tab}
        onChange={(_event, next: K) => choose(next)}
        aria-label={label}
        {...(scrollable ? { variant: 'scrollable', allowScrollButtonsMobile: true } : {})}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((item) => (
          <Tab key={item.key} label={item.label} value={item.key} id={tabId(item)} aria-controls={panelId(item)} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} sx={{ py: 3 }}>
        {children(tab)}
      </Box>
    </Box>
  )
}
