import { describe, expect, it } from 'vitest';
import { groupPages } from './page-groups.ts';

const menuPaths = (devMode: boolean) =>
  groupPages({ menuOnly: true, devMode }).flatMap((group) => group.pages.map((page) => page.path));

describe(groupPages.name, () => {
  it('keeps partner homes, embeds and the demo tour out of the menu', () => {
    const paths = menuPaths(false);
    for (const internal of ['/CNBC', '/wolf', '/embed/calendar', '/demo']) expect(paths).not.toContain(internal);
    expect(groupPages({ menuOnly: true, devMode: false }).map((group) => group.group)).not.toContain('partners');
    expect(paths).toEqual(expect.arrayContaining(['/news', '/eh500', '/my-stocks', '/pricing', '/faq']));
  });

  it('lists developer tools only with the dev flag on', () => {
    expect(menuPaths(false)).not.toContain('/dev');
    expect(menuPaths(true)).toContain('/dev');
  });

  it('still lists every grouped page on the page index', () => {
    const paths = groupPages({ menuOnly: false, devMode: false }).flatMap((group) => group.pages.map((p) => p.path));
    expect(paths).toEqual(expect.arrayContaining(['/CNBC', '/wolf', '/demo']));
  });
});
