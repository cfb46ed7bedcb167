// Runs inside Chromium: builds prompts the way the client pipeline does (core's form model, defaults and
// checks; core's URL analysis) and shows them through webUI, recording outcomes for the test to read.
import type {
  CompletionWait,
  FormAnswer,
  FormPrompt,
  Requester,
  UrlAnswer,
  UrlPrompt,
} from '@elicitkit/client';
import {
  type AllowedUrlAnalysis,
  analyzeUrl,
  applyDefaults,
  type ContentIssue,
  type ElicitContent,
  formModel,
  loadPatternEngine,
  loadSuffixList,
  type RequestedSchema,
  validateContent,
  validateField,
} from '@elicitkit/core';
import { type WebUIOptions, webUI } from '@elicitkit/web';
import { defineElicitElements, type UrlConsentElement } from '@elicitkit/web/elements';

export interface ShowOptions {
  message?: string;
  requester?: Requester;
  issues?: ContentIssue[];
  initial?: Record<string, unknown>;
  theme?: 'light' | 'dark';
  /** Render into `#prompts` instead of a modal dialog. */
  inline?: boolean;
  /** Render into the element stored as this `window` property (one inside another shadow root, say). */
  container?: string;
  /** Record opened URLs instead of opening them (the default opener is tested on its own). */
  recordOpens?: boolean;
  /** `webUI({ locale })`. */
  locale?: string | string[];
}

/** As the client pipeline does: only URLs core allowed reach a UI (E-49). */
function allowedUrl(href: string): AllowedUrlAnalysis {
  const analysis = analyzeUrl(href);
  if (!analysis.allowed) throw new Error(`the pipeline would refuse ${href}: ${analysis.blockMessage}`);
  return analysis;
}

const REQUESTER: Requester = { name: 'demo-server', title: 'Demo Server', version: '1.0.0' };
const outcomes: unknown[] = [];
const opened: string[] = [];
let controller = new AbortController();

function ui(options: ShowOptions) {
  const config: WebUIOptions = {};
  if (options.theme) config.theme = options.theme;
  if (options.locale) config.locale = options.locale;
  if (options.inline) config.container = document.getElementById('prompts')!;
  if (options.container)
    config.container = (window as unknown as Record<string, HTMLElement>)[options.container]!;
  if (options.recordOpens !== false) config.openWindow = (href) => opened.push(href);
  return webUI(config);
}

function record(promise: Promise<FormAnswer | UrlAnswer | 'retry' | 'cancel' | 'allow' | 'block'>) {
  void promise.then((outcome) => outcomes.push(outcome));
}

/** Every element named `tag` in the document and in open shadow roots one level down. */
function promptsNamed(tag: string): Element[] {
  const found = [...document.querySelectorAll(tag)];
  for (const host of document.querySelectorAll('*')) {
    if (host.shadowRoot && !host.localName.startsWith('elicit-'))
      found.push(...host.shadowRoot.querySelectorAll(tag));
  }
  return found;
}

/**
 * Runs `show` and resolves once the prompt it shows is drawn and focused, as a person would first see it:
 * `webUI` fetches each element (and a new language's catalogs) before showing it, so a prompt appears a
 * moment after it is asked for.
 */
async function shown(tag: string, show: () => void): Promise<void> {
  const before = new Set(promptsNamed(tag));
  show();
  for (let frame = 0; frame < 600; frame++) {
    const fresh = promptsNamed(tag).find((element) => !before.has(element) && element.isConnected);
    if (fresh && (fresh as { spoken?: unknown }).spoken !== undefined) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error(`no <${tag}> appeared`);
}

const harness = {
  outcomes,
  opened,
  form(schema: RequestedSchema, options: ShowOptions = {}) {
    controller = new AbortController();
    const prompt: FormPrompt = {
      kind: 'form',
      id: 'p1',
      requester: options.requester ?? REQUESTER,
      message: options.message ?? 'Please fill in the form.',
      signal: controller.signal,
      fields: formModel(schema),
      requestedSchema: schema,
      initial: (options.initial ?? applyDefaults(schema)) as Partial<ElicitContent>,
      ...(options.issues && { issues: options.issues }),
      validateField: (name, value) => validateField(schema, name, value),
      validate: (answers) => validateContent(schema, answers, { unknownProperties: 'reject' }),
    };
    return shown('elicit-form', () => record(ui(options).form(prompt)));
  },
  url(href: string, options: ShowOptions = {}) {
    controller = new AbortController();
    const prompt: UrlPrompt = {
      kind: 'url',
      id: 'p2',
      flowId: 'e-1',
      requester: options.requester ?? REQUESTER,
      message: options.message ?? 'Sign in to connect your account.',
      signal: controller.signal,
      url: allowedUrl(href),
      origin: 'request',
    };
    return shown('elicit-url-consent', () => record(ui(options).url(prompt)));
  },
  wait(hrefs: string[], options: ShowOptions = {}) {
    controller = new AbortController();
    const wait: CompletionWait = {
      requester: options.requester ?? REQUESTER,
      pending: hrefs.map((href, index) => ({ flowId: `e-${index}`, url: allowedUrl(href) })),
      signal: controller.signal,
    };
    return shown('elicit-url-wait', () => record(ui(options).waitForCompletion!(wait)));
  },
  rateLimit(reason: 'unsolicited' | 'runaway', options: ShowOptions = {}) {
    controller = new AbortController();
    const prompt = {
      kind: 'rate-limit' as const,
      id: 'p4',
      requester: options.requester ?? REQUESTER,
      message: 'Demo Server sent many requests.',
      reason,
      signal: controller.signal,
    };
    return shown('elicit-rate-limit', () => record(ui(options).rateLimited!(prompt)));
  },
  /** As the client pipeline does: the pattern engine first when the schema needs it, then the form. */
  async formWithPatterns(schema: RequestedSchema, options: ShowOptions = {}) {
    await loadPatternEngine(schema);
    await harness.form(schema, options);
  },
  withdraw() {
    controller.abort();
  },
  /**
   * A bare <elicit-url-consent> in #prompts handed `analysis` as it is (no pipeline in front): what a host
   * that uses the element directly might hand it, blocked or forged analyses included.
   */
  consentElement(analysis: unknown, options: { locale?: string } = {}) {
    defineElicitElements();
    const element = document.createElement('elicit-url-consent') as UrlConsentElement;
    if (options.locale) element.setAttribute('locale', options.locale);
    element.opener = (href) => opened.push(href);
    element.addEventListener('elicit-outcome', (event) => outcomes.push((event as CustomEvent).detail));
    document.getElementById('prompts')!.append(element);
    element.prompt = {
      kind: 'url',
      id: 'p3',
      flowId: 'e-1',
      requester: REQUESTER,
      message: 'Open this page.',
      signal: new AbortController().signal,
      url: analysis as AllowedUrlAnalysis,
      origin: 'request',
    };
    element.focus();
    return element.ready;
  },
  analyzeUrl,
};

export type Harness = typeof harness;

interface AxeResults {
  violations: { id: string; help: string; nodes: { target: unknown }[] }[];
}

declare global {
  interface Window {
    harness: Harness;
    /** Set only if hostile server text ever ran as code. */
    pwned?: number;
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

// The harness builds URL prompts itself (as the pipeline would): the Public Suffix List first, as the pipeline loads it.
await loadSuffixList();
window.harness = harness;
