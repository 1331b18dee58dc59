import { CONTENT_TYPES, type ContentType } from '@eh/domain';
import { Box, Chip } from '@mui/material';
import { NEWS_TYPE_LABELS } from './news-types.ts';

/** Toggle chips for the SPEC §3 content types (pressed = shown). */
export function ContentTypePicker({
  value,
  onChange,
  label = 'Content types',
}: {
  value: readonly ContentType[];
  onChange: (next: ContentType[]) => void;
  label?: string;
}) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {CONTENT_TYPES.map((type) => {
        const on = value.includes(type);
        return (
          <Chip
            key={type}
            label={NEWS_TYPE_LABELS[type] ?? type}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((t) => t !== type) : [...value, type])}
          />
        );
      })}
    </Box>
  );
}
