import { Component, type ReactNode, Suspense } from 'react';

/**
 * Around parts a reader does not need to read the page (the footer, background helpers, banners loaded later):
 * when one fails, a chunk that could not be fetched during a network blip or a deploy say, it shows nothing and the
 * page stays, instead of the route's error screen replacing it.
 */
export class Optional extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One part loaded later, on its own: a part that fails shows nothing without taking the others with it, and a part
 * whose chunk is still loading hides none of the others meanwhile.
 */
export function OptionalPart({ children }: { children: ReactNode }) {
  return (
    <Optional>
      <Suspense fallback={null}>{children}</Suspense>
    </Optional>
  );
}
