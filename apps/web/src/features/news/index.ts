/** The news feature's public face: what other features use of it. */
export { ContentRow } from './content-row.tsx';
export { ContentTypePicker } from './content-type-picker.tsx';
export { NewsItems } from './news-items.tsx';
export { NEWS_TAGS, setNewsContentTypes, useNewsContentTypes, useNewsTag } from './news-preferences.ts';
export { NEWS_TYPE_LABELS } from './news-types.ts';
