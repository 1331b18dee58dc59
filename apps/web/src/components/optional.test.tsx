/** Parts loaded after the page: one that fails or is still loading leaves the others on screen. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionalPart } from './optional.tsx';

function Broken(): never {
  throw new Error('a part that fails');
}

afterEach(cleanup);

describe('OptionalPart', () => {
  it('keeps the other parts when one fails', () => {
    // React reports the caught error on the console; the part's boundary is what is under test.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <>
          <OptionalPart>
            <Broken />
          </OptionalPart>
          <OptionalPart>
            <p>still here</p>
          </OptionalPart>
        </>,
      );
      expect(screen.getByText('still here')).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });

  it('keeps the other parts on screen while one is still loading, and shows it once it is in', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => {};
    const Late = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          arrive = resolve;
        }),
    );
    render(
      <>
        <OptionalPart>
          <p>drawn at once</p>
        </OptionalPart>
        <OptionalPart>
          <Late />
        </OptionalPart>
      </>,
    );
    expect(screen.getByText('drawn at once')).toBeTruthy();
    await act(async () => arrive({ default: () => <p>arrived</p> }));
    expect(await screen.findByText('arrived')).toBeTruthy();
    expect(screen.getByText('drawn at once')).toBeTruthy();
  });
});
