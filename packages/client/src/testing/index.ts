/**
 * @elicitkit/client/testing: scripted stand-ins for a person, to drive an `ElicitationUI` in tests without a screen.
 *
 * @module @elicitkit/client/testing
 */
export {
  holdUntilWithdrawn,
  type ScriptedFallback,
  type ScriptedStep,
  type ScriptedUI,
  scriptedUI,
  submitDefaults,
} from './scripted-ui.js';
