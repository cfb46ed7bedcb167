import { ClientErrorCode } from '@elicitkit/client';
import { CoreErrorCode } from '@elicitkit/core';
import { DoctorErrorCode } from '@elicitkit/doctor';
import { type AnswerIssue, isElicitkitError, ServerErrorCode, type StateRejection } from '@elicitkit/server';
import { OAuthConnectionErrorCode } from '@elicitkit/server/oauth';
import { RedisErrorCode } from '@elicitkit/server/redis';
import { UrlErrorCode } from '@elicitkit/server/url';
import { describe, expect, expectTypeOf, it } from 'vitest';

const packages = {
  core: CoreErrorCode,
  server: ServerErrorCode,
  url: UrlErrorCode,
  oauth: OAuthConnectionErrorCode,
  redis: RedisErrorCode,
  client: ClientErrorCode,
  doctor: DoctorErrorCode,
};

describe('error codes', () => {
  it('are stable kebab-case strings, unique within each package', () => {
    for (const codes of Object.values(packages)) {
      const values = Object.values(codes) as string[];
      for (const code of values) expect(code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('shared across packages only where they mean the same thing', () => {
    const owners = new Map<string, string[]>();
    for (const [name, codes] of Object.entries(packages)) {
      for (const code of Object.values(codes) as string[])
        owners.set(code, [...(owners.get(code) ?? []), name]);
    }
    const shared = Object.fromEntries([...owners].filter(([, names]) => names.length > 1));
    // Same meaning and same details everywhere (the details map would not compile otherwise).
    expect(shared).toEqual({
      'invalid-option': ['core', 'server', 'client'],
      'invalid-config': ['url', 'oauth'],
      // Two copies of the SDK loaded, found by enableElicitation (server) or installElicitation (client): core's one
      // error, which both enums name.
      'duplicate-sdk': ['core', 'server', 'client'],
    });
  });

  it("isElicitkitError types details from every imported package's map", () => {
    const error: unknown = undefined;
    if (isElicitkitError(error, ServerErrorCode.InvalidAnswer)) {
      expectTypeOf(error.details.issues).toEqualTypeOf<readonly AnswerIssue[]>();
    }
    if (isElicitkitError(error, ServerErrorCode.RequestStateRejected)) {
      expectTypeOf(error.details.reason).toEqualTypeOf<StateRejection>();
    }
    if (isElicitkitError(error, UrlErrorCode.ElicitationDeclined)) {
      expectTypeOf(error.details.action).toEqualTypeOf<'decline' | 'cancel'>();
    }
    if (isElicitkitError(error, OAuthConnectionErrorCode.ProviderUnavailable)) {
      expectTypeOf(error.details.provider).toEqualTypeOf<string>();
    }
    if (isElicitkitError(error, ClientErrorCode.RetryLimit)) {
      expectTypeOf(error.details.elicitationIds).toEqualTypeOf<readonly string[]>();
    }
    expect(isElicitkitError(error)).toBe(false);
  });
});
