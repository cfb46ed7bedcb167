/**
 * @elicitkit/client/testing: scripted stand-ins for a person, to drive an `ElicitationUI` in tests without a screen,
 * and the corpus of prompts on which every UI adapter sends the same answers.
 *
 * @module @elicitkit/client/testing
 */

export {
  ADAPTER_CORPUS,
  ADAPTER_CORPUS_TIME_ZONE,
  type AdapterAct,
  type AdapterCase,
} from './adapter-corpus.js';
export {
  holdUntilWithdrawn,
  type ScriptedFallback,
  type ScriptedStep,
  type ScriptedUI,
  scriptedUI,
  submitDefaults,
} from './scripted-ui.js';
