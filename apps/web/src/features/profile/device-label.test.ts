import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label.ts';

describe(deviceLabel.name, () => {
  it('names common browsers and systems from the user agent the client registered', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe(
      'Firefox on macOS',
    );
  });

  it('keeps other names, shortened, and names a missing one', () => {
    expect(deviceLabel('Kitchen tablet')).toBe('Kitchen tablet');
    expect(deviceLabel('x'.repeat(100))).toHaveLength(60);
    expect(deviceLabel(null)).toBe('Unnamed device');
    expect(deviceLabel('  ')).toBe('Unnamed device');
  });
});
