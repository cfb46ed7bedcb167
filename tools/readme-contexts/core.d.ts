// Names the code blocks of packages/core/README.md use without defining them (see
// test/tooling/readme-examples.test.ts): the requested schema the examples validate against.
declare const schema: import('@elicitkit/core').RequestedSchema;
