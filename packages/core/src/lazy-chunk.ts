/**
 * A module fetched on first need and kept: browsers get it as a separate chunk (`#pattern-engine`,
 * `#suffix-list`). Loaded once; a failed fetch may be retried.
 */
export interface LazyChunk<T> {
  /** What the module gave, once `load()` has settled; `undefined` before. */
  readonly value: T | undefined;
  load(): Promise<void>;
}

export function lazyChunk<M, T>(importer: () => Promise<M>, pick: (module: M) => T): LazyChunk<T> {
  let value: T | undefined;
  let loading: Promise<void> | undefined;
  return {
    get value() {
      return value;
    },
    load() {
      loading ??= importer().then(
        (module) => {
          value = pick(module);
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
