import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button } from '@mui/material';
import { dayHeading } from './calendar-format.ts';
import { type MoreCell, SESSION_HEADINGS } from './calendar-model.ts';

/** "+N more": the symbols the filter hides in a day's session, shown on demand (and hidden again). */
export function MoreButton({ cell, onToggle }: { cell: MoreCell; onToggle: (cell: MoreCell) => void }) {
  const where = `${dayHeading(cell.date)}, ${SESSION_HEADINGS[cell.session].toLowerCase()}`;
  const text = cell.expanded ? 'Show fewer' : `+${cell.hiddenCount.toLocaleString('en-US')} more`;
  return (
    <Button
      size="small"
      variant="text"
      fullWidth
      onClick={() => onToggle(cell)}
      startIcon={cell.expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      aria-expanded={cell.expanded}
      aria-label={
        cell.expanded ? `Hide the symbols the filter hides, ${where}` : `Show ${cell.hiddenCount} more, ${where}`
      }
      data-testid="more-button"
      sx={{ justifyContent: 'flex-start', color: 'text.secondary', fontWeight: 600 }}
    >
      {text}
    </Button>
  );
}
