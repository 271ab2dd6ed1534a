import Box from '@mui/material/Box'

/** Progress dots of a wizard: one per step, the current one filled. */
export function ProgressDots({ count, current, label = 'Step' }: { count: number; current: number; label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={`${label} ${current + 1} of ${count}`}
      aria-valuemin={1}
      aria-valuemax={count}
      aria-valuenow={current + 1}
      sx={{ display: 'flex', gap: 1, justifyContent: 'center', my: 2 }}
    >
      {Array.from({ length: count }, (_, index) => (
        <Box
          key={index}
          data-testid="progress-dot"
          data-active={index === current}
          sx={{
            width: index === current ? 22 : 10,
            height: 10,
            borderRadius: 5,
            bgcolor: index <= current ? 'primary.main' : 'grey.400',
            transition: 'width 200ms, background-color 200ms',
          }}
        />
      ))}
    </Box>
  )
}
