/**
 * The v2 SDK's protocol values that elicitkit's deliveries and tasks use: its error classes (branded across the SDK's
 * builds, so `instanceof` holds for a CommonJS app's errors too), error codes, `_meta` keys and result predicates.
 * Every SDK value outside `sdk/` comes through this folder, so an SDK release that moves one breaks here, in one
 * place.
 */
export {
  CLIENT_CAPABILITIES_META_KEY,
  isInputRequiredResult,
  MissingRequiredClientCapabilityError,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/server';
