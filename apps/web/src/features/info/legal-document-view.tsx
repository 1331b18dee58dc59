import { Box, Typography } from '@mui/material';
import type { LegalDocument } from './legal-documents.ts';

function formatEffective(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A terms or privacy document: shared by its page and its modal. */
export function LegalDocumentView({ document, headingLevel }: { document: LegalDocument; headingLevel: 'h2' | 'h3' }) {
  return (
    <Box sx={{ maxWidth: '75ch' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Effective <time dateTime={document.effective}>{formatEffective(document.effective)}</time>
      </Typography>
      <Typography sx={{ mb: 3 }}>{document.intro}</Typography>
      {document.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h3" component={headingLevel} sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.25 }}>
              {paragraph}
            </Typography>
          ))}
          {section.list ? (
            <Box component="ul" sx={{ mt: 0, pl: 3 }}>
              {section.list.map((item) => (
                <Typography component="li" key={item} sx={{ mb: 0.5 }}>
                  {item}
                </Typography>
              ))}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
