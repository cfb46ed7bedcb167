import type { Clock as ClientClock, ElicitationMode as ClientMode } from '@elicitkit/client';
import type { Clock, ElicitationMode } from '@elicitkit/core';
import type { ElicitationMode as ServerMode } from '@elicitkit/server';
import { describe, expect, expectTypeOf, it } from 'vitest';

/** Issue 15: core's runtime names, pinned (a change is a public API change). */
const CORE_NAMES = [
  'AbortedError',
  'CoreErrorCode',
  'DEFAULT_LIMITS',
  'DEFAULT_LOCALE',
  'ElicitkitError',
  'NOT_ACCEPTED_REASONS',
  'PeerError',
  'RefusedError',
  'TASKS_EXTENSION',
  'UsageError',
  'analyzeUrl',
  'applyDefaults',
  'behindProxy',
  'createTranslator',
  'defineCatalogs',
  'duplicateSdkError',
  'formModel',
  'formatIssuePath',
  'integerOption',
  'isElicitkitError',
  'isJsonObject',
  'isLoopbackHost',
  'issueMessage',
  'loadPatternEngine',
  'loadSuffixList',
  'matchLocale',
  'parsePublicUrl',
  'preferredHostForm',
  'previewValue',
  'publicHostNames',
  'sameSdkPackage',
  'sanitizeForDisplay',
  'sdkCopyOf',
  'systemClock',
  'textDirection',
  'timerSleep',
  'translationProblems',
  'urlWarningMessage',
  'urlWarningMessages',
  'validateContent',
  'validateField',
  'validateRequestedSchema',
  'validationMessages',
];

describe('@elicitkit/core entry', () => {
  it('exports exactly its pinned names', async () => {
    const module: Record<string, unknown> = await import('@elicitkit/core');
    expect(Object.keys(module).sort()).toEqual(CORE_NAMES);
  });

  it('is the one home of ElicitationMode: server and client re-export the same type', () => {
    expectTypeOf<ServerMode>().toEqualTypeOf<ElicitationMode>();
    expectTypeOf<ClientMode>().toEqualTypeOf<ElicitationMode>();
    expectTypeOf<ElicitationMode>().toEqualTypeOf<'form' | 'url'>();
  });

  it('is the one home of Clock: the client re-exports the same type', () => {
    expectTypeOf<ClientClock>().toEqualTypeOf<Clock>();
  });
});
