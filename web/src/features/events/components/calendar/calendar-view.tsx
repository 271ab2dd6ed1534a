import { ComingSoon } from '@/components/ui/feedback'

/** A placeholder so the events page's routes compile: helper H3's calendar replaces this file. */
export default function CalendarView() {
  return <ComingSoon title="Calendar Mode" />
}
