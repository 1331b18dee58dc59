import { useEffect } from 'react';
import { documentTitle } from './constants.ts';

function setMetaDescription(description: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/** Sets the document title ("About · EarningsHub") and the meta description of the page on screen. */
export function useDocumentMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) setMetaDescription(description);
  }, [title, description]);
}
