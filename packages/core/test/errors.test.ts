import {
  AbortedError,
  CoreErrorCode,
  ElicitkitError,
  isElicitkitError,
  PeerError,
  RefusedError,
  sanitizeForDisplay,
  UsageError,
} from '@elicitkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';

describe('the error model', () => {
  it('names each error by its class and keeps code, details and cause', () => {
    const cause = new Error('socket closed');
    const error = new PeerError('store-unavailable', 'the store did not answer', {
      cause,
      details: { tries: 2 },
    });
    expect(error).toBeInstanceOf(ElicitkitError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'PeerError', code: 'store-unavailable', details: { tries: 2 } });
    expect(error.cause).toBe(cause);
    expectTypeOf(error.code).toEqualTypeOf<'store-unavailable'>();
    expectTypeOf(error.details).toEqualTypeOf<{ tries: number }>();
  });

  it('defaults details to an empty object and sets no cause when none is given', () => {
    for (const Fault of [UsageError, PeerError, RefusedError, AbortedError]) {
      const error = new Fault('some-code', 'message');
      expect(error.name).toBe(Fault.name);
      expect(error.details).toEqual({});
      expect('cause' in error).toBe(false);
    }
  });

  it('splits by fault: one class never passes for another', () => {
    const refused = new RefusedError('consent-declined', 'no');
    expect(refused).not.toBeInstanceOf(PeerError);
    expect(refused).not.toBeInstanceOf(UsageError);
    expect(refused).not.toBeInstanceOf(AbortedError);
  });

  it('isElicitkitError narrows code and the details a package declared', () => {
    let thrown: unknown;
    try {
      sanitizeForDisplay('x', { maxLength: 0 });
    } catch (error) {
      thrown = error;
    }
    expect(isElicitkitError(thrown)).toBe(true);
    expect(isElicitkitError(thrown, CoreErrorCode.InvalidArgument)).toBe(false);
    expect(isElicitkitError(new Error('plain'))).toBe(false);
    if (!isElicitkitError(thrown, CoreErrorCode.InvalidOption)) throw new Error('expected invalid-option');
    expectTypeOf(thrown.code).toEqualTypeOf<'invalid-option'>();
    expectTypeOf(thrown.details).toEqualTypeOf<{ option: string }>();
    expect(thrown.details.option).toBe('maxLength');
  });

  it('isElicitkitError accepts a code no package declared, with untyped details', () => {
    const error: unknown = new UsageError('my-app-code', 'm', { details: { a: 1 } });
    if (!isElicitkitError(error, 'my-app-code')) throw new Error('expected my-app-code');
    expectTypeOf(error.details).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expect(error.details.a).toBe(1);
  });
});
