import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeVideoId } from './youtube.ts';

describe(youtubeVideoId.name, () => {
  it('reads the id from every YouTube address form, and nothing from other hosts', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtube.com/live/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeVideoId('https://m.youtube.com/embed/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeVideoId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(youtubeVideoId('not a url')).toBeNull();
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
  });
});
