import type { ReleaseNote } from '@eh/contracts';
import { Box, Chip, Typography } from '@mui/material';

export function formatNoteDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Release notes, newest first: version, date, title and the list of changes. */
export function ReleaseNotesList({
  notes,
  headingLevel = 'h3',
}: {
  notes: readonly ReleaseNote[];
  headingLevel?: 'h2' | 'h3';
}) {
  if (notes.length === 0) {
    return <Typography color="text.secondary">No release notes yet.</Typography>;
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3 }}>
      {notes.map((note) => (
        <Box component="li" key={note.id}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
            <Chip size="small" label={`v${note.version}`} color="primary" variant="outlined" />
            <Typography variant="body2" color="text.secondary" component="time" dateTime={note.date}>
              {formatNoteDate(note.date)}
            </Typography>
          </Box>
          <Typography variant="h4" component={headingLevel} sx={{ mb: 0.5 }}>
            {note.title}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {note.items.map((item) => (
              <Typography component="li" variant="body2" key={item} sx={{ mb: 0.25 }}>
                {item}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
