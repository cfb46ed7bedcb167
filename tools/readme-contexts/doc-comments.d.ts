// Names the examples in doc comments (packages/*/src) use without defining them, beyond the README context of
// their package (see test/tooling/doc-examples.test.ts): the reader's own objects.
declare const error: unknown;
declare function ship(name: string, zip: string): void;
