/** The search feature's public face: what other features use of it. */
export { useAssetCatalog } from './asset-index.ts';
export { ASSET_TYPE_LABELS } from './search-model.ts';
export { lookupOptions, resolveSymbol, SymbolLookupField } from './symbol-lookup-field.tsx';
