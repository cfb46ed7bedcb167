const MAX_USER_ID_LENGTH = 256;
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A user id as elicitkit stores it: the `sub` of verified credentials or the app's own user key. Non-empty,
 * bounded, and free of control or bidi characters, since it lands in logs, AAD and pages.
 */
export function isValidUserId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_USER_ID_LENGTH &&
    !CONTROL_OR_BIDI.test(value)
  );
}
