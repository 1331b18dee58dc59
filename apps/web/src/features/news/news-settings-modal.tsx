import { Button, DialogActions, DialogContent, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { ContentTypePicker } from './content-type-picker.tsx';
import { NEWS_TAGS, setNewsContentTypes, setNewsTag, useNewsContentTypes, useNewsTag } from './news-preferences.ts';

/** SPEC §2 news settings: the content types shown (feed and news) and the tag of the top stories. */
export default function NewsSettingsModal({ onClose }: ModalContentProps<'newsSettings'>) {
  const types = useNewsContentTypes();
  const tag = useNewsTag();
  return (
    <>
      <DialogContent dividers>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Content types
        </Typography>
        <ContentTypePicker value={types} onChange={setNewsContentTypes} />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 0.5 }} id="news-tag-label">
          Top stories tag
        </Typography>
        <RadioGroup aria-labelledby="news-tag-label" value={tag} onChange={(_, value) => setNewsTag(value)} row>
          {NEWS_TAGS.map((item) => (
            <FormControlLabel key={item.key} value={item.key} control={<Radio />} label={item.label} />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Kept on this device.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </>
  );
}
